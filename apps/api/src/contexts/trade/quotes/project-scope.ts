import { sql, type SQL } from '@bygg/db/orm';

/** Who asks: the company, the user, and whether an administrator (who sees every project). */
export type ProjectViewer = { companyId: number; userId: number; isAdmin: boolean };

/**
 * The project with id `projectId` (a column or a value) is one the viewer may see: a project
 * of the company, and the viewer an administrator or among its users (issue 18: a user without
 * access to a project does not see it, or what belongs to it, anywhere).
 */
export function projectVisible(projectId: SQL, viewer: ProjectViewer): SQL {
  return sql`exists (select 1 from trade_projects vp
    where vp.id = ${projectId} and vp.company_id = ${viewer.companyId}
      and (${viewer.isAdmin} or exists (select 1 from trade_project_users vpu
        where vpu.project_id = vp.id and vpu.user_id = ${viewer.userId})))`;
}

/** A row that names no project, or one the viewer may see. */
export function noOrVisibleProject(projectId: SQL, viewer: ProjectViewer): SQL {
  return sql`(${projectId} is null or ${projectVisible(projectId, viewer)})`;
}

/** The project's number and name as JSON (null without a project), for list rows. */
export function projectJson(projectId: SQL): SQL {
  return sql`(select json_build_object('id', jp.id, 'number', jp.number, 'name', jp.name)
    from trade_projects jp where jp.id = ${projectId})`;
}

import { useRouteLoaderData } from 'react-router';

/** Whether the shell is in punch-out mode (the root loader's flag; issue 22, ADR 043). */
export function usePunchoutMode(): boolean {
  const root = useRouteLoaderData('root') as { punchout?: boolean } | undefined;
  return root?.punchout === true;
}

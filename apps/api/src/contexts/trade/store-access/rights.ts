// The rule lives in the domain package so that the session (me/) shares it without importing
// this folder, which imports the session's (no folder cycles, ADR 019).
export { effectiveRights, type RightColumns } from '@bygg/domain/trade-rights';

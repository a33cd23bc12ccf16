// The rule lives in the kit (the pay service's provider addresses follow it too).
export { apiBaseOf, apiBaseProblem } from '@exam/server-kit';

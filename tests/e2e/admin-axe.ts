// The back office's specs import the axe check from here; it is the suite's one check (axe.ts).
export { axeViolations, freezeTransitions } from './axe';

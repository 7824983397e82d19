/**
 * Every console call: the foundation's (operator.ts) and the content calls (operator-content.ts). The
 * role × endpoint test and the registrar's completeness check walk this list. A list of its own so
 * that operator-content.ts can build on operator.ts without an import cycle.
 */
import type { OperatorEndpointDef } from './operator';
import { operatorEndpoints } from './operator';
import { operatorContentEndpoints } from './operator-content';

export const consoleEndpoints: readonly OperatorEndpointDef[] = [
  ...operatorEndpoints,
  ...operatorContentEndpoints,
];

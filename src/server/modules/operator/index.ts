/** The operator console's server side (issue 31): accounts, sessions, the guard, the audit log. */
export { registerOperatorModule, actorOf } from './routes';
export { createOperatorRegistrar, requireOperator } from './guard';
export type { OperatorCall, OperatorHandler, OperatorRegistrar } from './guard';
export { writeOperatorAudit } from './audit/write-operator-audit';
export type { AuditActor, AuditEntryInput } from './audit/write-operator-audit';
export type { OperatorActor } from './operator-session';
export { createOperator } from './accounts/create-operator';

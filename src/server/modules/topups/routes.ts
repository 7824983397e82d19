/** Placeholder: this module's endpoints are registered in this change. */
import type { Registrar } from '../../lib/route';

export function registerTopupsRoutes(_register: Registrar): void {}

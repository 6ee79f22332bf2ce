/**
 * What registration and login ask the self-exclusion register (contract §5); the gate is
 * `modules/self-exclusion/self-exclusion-gate.service.ts`, bound late in `services.ts`.
 */
export interface SelfExclusionCheck {
  assertMayRegister(identity: { userName: string }): Promise<void>;
  assertMayLogin(memberId: number): Promise<void>;
}

import { CHECK_IN_LIST_NAME_MAX, type CheckInListRequest } from '../api/gate-schemas';

/** The list form's fields as typed, and what is wrong with them (checked here before the server checks again). */
export interface GateListDraft {
  name: string;
  packageIds: number[];
}

export type GateListErrors = Partial<Record<'name' | 'packages', string>>;

export function validateGateList(
  draft: GateListDraft,
): { ok: true; body: CheckInListRequest } | { ok: false; errors: GateListErrors } {
  const errors: GateListErrors = {};
  const name = draft.name.trim();
  if (name === '') errors.name = 'Give the list a name (the gate staff see it: "VIP gate").';
  else if (name.length > CHECK_IN_LIST_NAME_MAX) errors.name = `Keep the name to ${CHECK_IN_LIST_NAME_MAX} characters.`;
  if (draft.packageIds.length === 0) errors.packages = 'Choose at least one package this gate admits.';
  if (errors.name || errors.packages) return { ok: false, errors };
  return { ok: true, body: { name, package_ids: [...draft.packageIds].sort((a, b) => a - b) } };
}

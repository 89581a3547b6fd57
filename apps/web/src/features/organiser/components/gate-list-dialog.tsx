import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TextField } from '../../../components/ui/text-field';
import { isApiError } from '../../../lib/api-client';
import { createCheckInList, gateKeys, updateCheckInList } from '../api/gate-api';
import type { CheckInList } from '../api/gate-schemas';
import { validateGateList, type GateListErrors } from '../lib/gate-list-form';
import { problemMessage } from '../lib/problem-message';
import { ActionDialog } from './action-dialog';
import { CheckboxField } from './checkbox-field';

interface GateListDialogProps {
  org: string;
  eventUid: string;
  /** The event's packages to choose from. */
  packages: readonly { id: number; name: string }[];
  /** null: a new list. */
  list: CheckInList | null;
  isOpen: boolean;
  onClose: () => void;
}

/**
 * A check-in list's name and the packages its gate admits, new or changed (checkin.manage). A name the event
 * already has is said beside the name (the server's 409); anything else above the form.
 */
export function GateListDialog({ org, eventUid, packages, list, isOpen, onClose }: GateListDialogProps) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(list?.name ?? '');
  const [packageIds, setPackageIds] = useState<number[]>(list?.package_ids ?? []);
  const [errors, setErrors] = useState<GateListErrors>({});
  const [problems, setProblems] = useState<string[]>([]);

  const save = useMutation({
    mutationFn: (body: { name: string; package_ids: number[] }) =>
      list ? updateCheckInList(org, eventUid, list.id, body) : createCheckInList(org, eventUid, body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: gateKeys.lists(org, eventUid) });
      onClose();
    },
    onError: (error) => {
      if (isApiError(error, 'check_in_list_name_taken')) setErrors({ name: error.body.message });
      else setProblems([problemMessage(error)]);
    },
  });

  function onConfirm() {
    setProblems([]);
    const checked = validateGateList({ name, packageIds });
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    save.mutate(checked.body);
  }

  function toggle(id: number, on: boolean) {
    setPackageIds((current) =>
      on ? [...current.filter((each) => each !== id), id] : current.filter((each) => each !== id),
    );
  }

  return (
    <ActionDialog
      isOpen={isOpen}
      onClose={onClose}
      title={list ? `Change ${list.name}` : 'New check-in list'}
      confirmLabel={list ? 'Save the list' : 'Create the list'}
      busyLabel="Saving…"
      isBusy={save.isPending}
      problems={problems}
      onConfirm={onConfirm}
    >
      <TextField
        label="Name"
        hint="What the gate staff see: Main gate, VIP entrance."
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={errors.name}
        maxLength={120}
        autoComplete="off"
      />
      <fieldset
        className="flex flex-col gap-1"
        aria-describedby={errors.packages ? 'gate-list-packages-error' : undefined}
      >
        <legend className="text-sm font-semibold text-slate-900">Packages this gate admits</legend>
        {packages.length === 0 ? <p className="text-sm">This event has no ticket packages yet.</p> : null}
        {packages.map((item) => (
          <CheckboxField
            key={item.id}
            label={item.name}
            checked={packageIds.includes(item.id)}
            onChange={(event) => toggle(item.id, event.target.checked)}
          />
        ))}
        {errors.packages ? (
          <p id="gate-list-packages-error" role="alert" className="text-sm font-medium text-red-800">
            {errors.packages}
          </p>
        ) : null}
      </fieldset>
    </ActionDialog>
  );
}

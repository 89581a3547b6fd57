import { useRef, useState } from 'react';

/**
 * A dialog's action sent one try at a time (a comp, a holder's name, a refund, an event's cancellation or
 * postponement): the form is checked first, then the button is busy and the problems cleared while the action
 * runs. A second press while one is under way, even before React has drawn the busy button, is ignored.
 */
export function useSingleSend() {
  const [problems, setProblems] = useState<string[]>([]);
  const [isBusy, setIsBusy] = useState(false);
  const sending = useRef(false);

  /** `check` says what to send (or null: nothing, its errors shown); `action` sends it and handles its refusal. */
  async function sendOnce<Body>(check: () => Body | null, action: (body: Body) => Promise<void>): Promise<void> {
    if (sending.current) return;
    const body = check();
    if (body === null) return;
    sending.current = true;
    setIsBusy(true);
    setProblems([]);
    try {
      await action(body);
    } finally {
      sending.current = false;
      setIsBusy(false);
    }
  }

  return { problems, setProblems, isBusy, sendOnce };
}

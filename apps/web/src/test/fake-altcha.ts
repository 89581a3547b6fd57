/**
 * A stand-in for `<altcha-widget>` in component tests (jsdom has no workers): it "solves" at once and hands
 * out payloads captcha-1, captcha-2, …; `fakeAltcha.outcome = 'error'` makes it fail.
 */
export const fakeAltcha = { outcome: 'verified' as 'verified' | 'error', issued: 0, resets: 0 };

class FakeAltchaWidget extends HTMLElement {
  connectedCallback() {
    this.textContent = 'Human check';
    queueMicrotask(() => {
      this.dispatchEvent(new Event('load'));
      if (this.getAttribute('auto') === 'onload') void this.verify();
    });
  }

  private change(state: string, payload: string | null) {
    this.dispatchEvent(new CustomEvent('statechange', { detail: { state, payload } }));
  }

  async verify(): Promise<{ payload: string } | null> {
    this.change('verifying', null);
    await Promise.resolve();
    if (fakeAltcha.outcome === 'error') {
      this.change('error', null);
      return null;
    }
    fakeAltcha.issued += 1;
    const payload = `captcha-${fakeAltcha.issued}`;
    this.change('verified', payload);
    return { payload };
  }

  reset() {
    fakeAltcha.resets += 1;
    this.change('unverified', null);
  }
}

export async function loadAltcha(): Promise<void> {
  if (!customElements.get('altcha-widget')) customElements.define('altcha-widget', FakeAltchaWidget);
}

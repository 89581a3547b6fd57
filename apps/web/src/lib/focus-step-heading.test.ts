import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { focusStepHeading } from './focus-step-heading';

function heading(): HTMLHeadingElement {
  const element = document.createElement('h2');
  element.tabIndex = -1;
  element.textContent = 'Choose your tickets';
  document.body.append(element);
  return element;
}

afterEach(() => {
  document.body.replaceChildren();
  window.history.replaceState(null, '');
});

describe('focusStepHeading', () => {
  it('on the page the visitor landed on, focuses the heading only after the page is painted', async () => {
    const element = heading();
    focusStepHeading(element);
    // Not inside the render's own task: that would lay the page out there (issue 25).
    expect(element).not.toHaveFocus();
    await waitFor(() => expect(element).toHaveFocus());
  });

  it('leaves the focus where the visitor put it meanwhile', async () => {
    const element = heading();
    const field = document.createElement('input');
    document.body.append(field);
    focusStepHeading(element);
    field.focus();
    await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    await new Promise<void>((resolve) => setTimeout(resolve, 0));
    expect(field).toHaveFocus();
  });

  it('after a step changed within the app, focuses the heading at once', () => {
    window.history.replaceState({ idx: 1 }, '');
    const element = heading();
    focusStepHeading(element);
    expect(element).toHaveFocus();
  });
});

import { render, screen } from '@testing-library/react';
import { Toaster } from 'sonner';
import { describe, expect, it } from 'vitest';

// The client tests' setup turns Sonner's entry animation off (client/test/setup.ts), so a toast
// found while it is still entering is visible to toBeVisible, as it is to a person a moment later.
describe('toasts in client tests', () => {
  // Each test unmounts its hand-made toasts: Sonner does not manage them, so none would leave.
  it('count as shown while they enter, with Sonner’s own styles in the page', () => {
    const { unmount } = render(
      <>
        <Toaster />
        <ol>
          <li data-sonner-toast="" data-mounted="false" data-visible="true">
            Saved
          </li>
        </ol>
      </>,
    );
    expect(screen.getByText('Saved')).toBeVisible();
    unmount();
  });

  it('still count as hidden when Sonner hides or removes them', () => {
    const { unmount } = render(
      <>
        <Toaster />
        <ol>
          <li data-sonner-toast="" data-mounted="false" data-visible="false">
            Beyond the visible three
          </li>
          <li data-sonner-toast="" data-mounted="true" data-removed="true" data-visible="false">
            Dismissed
          </li>
        </ol>
      </>,
    );
    expect(screen.getByText('Beyond the visible three')).not.toBeVisible();
    expect(screen.getByText('Dismissed')).not.toBeVisible();
    unmount();
  });
});

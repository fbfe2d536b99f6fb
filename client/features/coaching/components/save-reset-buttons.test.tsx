import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SaveResetButtons } from './save-reset-buttons.tsx';

describe('SaveResetButtons', () => {
  it('submits the form with Save and resets with Reset to default', async () => {
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    const onReset = vi.fn();
    render(
      <form onSubmit={onSubmit}>
        <SaveResetButtons pending={false} onReset={onReset} />
      </form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Reset to default' }));
    expect(onReset).toHaveBeenCalledTimes(1);
    // Reset does not submit the form as well
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('while pending says Saving... and both wait', () => {
    render(<SaveResetButtons pending onReset={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Reset to default' })).toBeDisabled();
  });
});

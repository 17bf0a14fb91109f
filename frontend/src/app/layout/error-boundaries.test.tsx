import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppErrorBoundary, PageErrorBoundary } from './error-boundaries';

afterEach(cleanup);

function Broken(): never {
  throw new Error('chunk failed to load');
}

describe('error boundaries', () => {
  it('the app root shows a way back instead of a blank screen', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <AppErrorBoundary>
        <Broken />
      </AppErrorBoundary>,
    );
    expect(screen.getByRole('alert').textContent).toContain('Something went wrong');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    logged.mockRestore();
  });

  it('a page that failed is tried again once another page is chosen', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { rerender } = render(
      <PageErrorBoundary resetKey="/products">
        <Broken />
      </PageErrorBoundary>,
    );
    expect(screen.getByRole('alert').textContent).toContain('This page could not be loaded');
    rerender(
      <PageErrorBoundary resetKey="/services">
        <p>Services</p>
      </PageErrorBoundary>,
    );
    expect(screen.getByText('Services')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    logged.mockRestore();
  });
});

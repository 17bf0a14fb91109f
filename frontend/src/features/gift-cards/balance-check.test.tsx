import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { BalanceCheck } from './components/balance-check';

const balance = { lastFour: 'K7QM', balance: '15.56', amount: '50.00', label: null, state: 'active', expiresOn: null };

/** The server's balance call; records the codes it was asked. */
function stubServer() {
  const asked: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      if (request.method === 'POST' && new URL(request.url).pathname === '/api/gift-cards/balance') {
        asked.push(((await request.json()) as { code: unknown }).code);
        return Response.json(balance);
      }
      return new Response('{}', { status: 404 });
    }),
  );
  return asked;
}

function renderCheck() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <BalanceCheck />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the balance check', () => {
  it('asks for the code typed, in capitals, and shows what is left', async () => {
    const asked = stubServer();
    renderCheck();
    fireEvent.change(screen.getByLabelText('Gift card code'), { target: { value: ' k7qm-r2xd ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check balance' }));
    expect((await screen.findByTestId('gift-card-balance')).textContent).toContain('$15.56');
    expect(asked).toEqual(['K7QM-R2XD']);
  });

  it('checks a code that was in the field before the page was live (typed into the server’s page)', async () => {
    const asked = stubServer();
    renderCheck();
    // As the browser keeps what was typed before React hydrated the page: no change event reached the app.
    (screen.getByLabelText('Gift card code') as HTMLInputElement).value = 'k7qm-r2xd';
    fireEvent.click(screen.getByRole('button', { name: 'Check balance' }));
    expect((await screen.findByTestId('gift-card-balance')).textContent).toContain('left of $50.00');
    expect(asked).toEqual(['K7QM-R2XD']);
  });

  it('says what is missing when the field is empty, and asks nothing', () => {
    const asked = stubServer();
    renderCheck();
    fireEvent.click(screen.getByRole('button', { name: 'Check balance' }));
    expect(screen.getByRole('alert').textContent).toBe('Please enter the code printed on the card');
    expect(asked).toEqual([]);
  });
});

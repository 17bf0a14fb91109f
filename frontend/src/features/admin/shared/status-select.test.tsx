import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { orderStatuses } from './statuses';
import { StatusSelect } from './status-select';

afterEach(cleanup);

describe('StatusSelect', () => {
  it('names the status when closed', () => {
    render(<StatusSelect value="shipped" options={orderStatuses} label="Status of order 3f9a1c2e…" onChange={() => undefined} />);
    const trigger = screen.getByRole('combobox', { name: 'Status of order 3f9a1c2e…' });
    expect(trigger.textContent).toBe('Shipped');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });

  it('lists the statuses when opened and reports the one chosen', () => {
    const onChange = vi.fn();
    render(<StatusSelect value="pending" options={orderStatuses} label="Status of order 1" onChange={onChange} />);
    fireEvent.keyDown(screen.getByRole('combobox', { name: 'Status of order 1' }), { key: 'Enter' });
    const options = screen.getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(orderStatuses.map((status) => status.label));
    fireEvent.click(screen.getByRole('option', { name: 'Delivered' }));
    expect(onChange).toHaveBeenCalledWith('delivered');
  });
});

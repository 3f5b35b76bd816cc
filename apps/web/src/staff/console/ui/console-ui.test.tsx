// @vitest-environment happy-dom
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ConsolePage, pagesFor } from '../console-pages';
import { useUnsavedChanges } from '../hooks/use-unsaved-changes';
import { ConfirmDialog } from './confirm-dialog';
import { type Column, DataTable } from './data-table';
import { SaveBar } from './save-bar';

// React's act() needs this flag outside a test renderer.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLElement;
let root: Root;
beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const render = (node: ReactNode) => act(() => root.render(node));
const $ = (selector: string) => container.querySelector(selector) as HTMLElement;
const $$ = (selector: string) => [...container.querySelectorAll(selector)] as HTMLElement[];
const click = (element: Element) => act(() => (element as HTMLElement).click());
function type(input: HTMLInputElement, value: string) {
  act(() => {
    // React tracks the value it set: go through the native setter so the change event carries the new text.
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

interface Row {
  id: number;
  name: string;
  seats: number;
}
const columns: Column<Row>[] = [
  { id: 'name', header: 'Name', cell: (r) => r.name, sortValue: (r) => r.name },
  { id: 'seats', header: 'Seats', cell: (r) => String(r.seats), sortValue: (r) => r.seats, numeric: true },
];
const rows: Row[] = [
  { id: 1, name: 'Table 10', seats: 4 },
  { id: 2, name: 'Table 2', seats: 8 },
  { id: 3, name: 'Terrace 1', seats: 2 },
];
const firstCells = () => $$('tbody tr').map((tr) => tr.querySelector('td')?.textContent);

describe('DataTable', () => {
  it('sorts by a column ascending, then descending, then back to the given order', () => {
    render(<DataTable label="Tables" columns={columns} rows={rows} rowKey={(r) => r.id} emptyText="none" />);
    expect(firstCells()).toEqual(['Table 10', 'Table 2', 'Terrace 1']);
    const seats = $$('th button')[1] as HTMLElement;
    click(seats);
    expect(firstCells()).toEqual(['Terrace 1', 'Table 10', 'Table 2']);
    expect($$('th')[1]?.getAttribute('aria-sort')).toBe('ascending');
    click(seats);
    expect(firstCells()).toEqual(['Table 2', 'Table 10', 'Terrace 1']);
    click(seats);
    expect(firstCells()).toEqual(['Table 10', 'Table 2', 'Terrace 1']);
    // Text sorts numerically inside names: 2 before 10.
    click($$('th button')[0] as HTMLElement);
    expect(firstCells()).toEqual(['Table 2', 'Table 10', 'Terrace 1']);
  });

  it('filters rows by their text and says when nothing matches', () => {
    render(
      <DataTable
        label="Tables"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        filterText={(r) => r.name}
        emptyText="none"
      />,
    );
    type($('input[type=search]') as HTMLInputElement, 'TERRACE');
    expect(firstCells()).toEqual(['Terrace 1']);
    type($('input[type=search]') as HTMLInputElement, 'garden');
    expect(firstCells()).toEqual([]);
    expect($('[data-testid=data-table-empty]').textContent).toBe('console.table.noMatch');
  });

  it('pages the rows and shows the empty text when there are none', () => {
    const many = Array.from({ length: 5 }, (_, i) => ({ id: i, name: `T${i}`, seats: i }));
    render(
      <DataTable label="Tables" columns={columns} rows={many} rowKey={(r) => r.id} pageSize={2} emptyText="none" />,
    );
    expect(firstCells()).toEqual(['T0', 'T1']);
    const [previous, next] = $$('.console-pager button') as HTMLButtonElement[];
    expect(previous?.disabled).toBe(true);
    click(next as HTMLElement);
    click(next as HTMLElement);
    expect(firstCells()).toEqual(['T4']);
    expect(next?.disabled).toBe(true);
    render(<DataTable label="Tables" columns={columns} rows={[]} rowKey={(r) => r.id} emptyText="No tables yet" />);
    expect($('[data-testid=data-table-empty]').textContent).toBe('No tables yet');
  });
});

describe('SaveBar', () => {
  it('disables Save with nothing to save and while saving, and offers their version on a conflict', () => {
    const onSave = vi.fn();
    const onReload = vi.fn();
    const bar = (state: Parameters<typeof SaveBar>[0]['state']) => (
      <SaveBar state={state} onSave={onSave} onDiscard={() => {}} onReload={onReload} conflict={<p>Theirs: 15%</p>} />
    );
    render(bar('clean'));
    const save = () => $('[data-testid=save-bar-save]') as HTMLButtonElement;
    expect(save().disabled).toBe(true);
    render(bar('dirty'));
    expect(save().disabled).toBe(false);
    click(save());
    expect(onSave).toHaveBeenCalledTimes(1);
    render(bar('saving'));
    expect(save().disabled).toBe(true);
    expect($('[data-testid=save-bar-reload]')).toBeNull();
    render(bar('conflict'));
    expect($('[data-testid=save-bar]').textContent).toContain('Theirs: 15%');
    click($('[data-testid=save-bar-reload]'));
    expect(onReload).toHaveBeenCalledTimes(1);
  });
});

describe('ConfirmDialog', () => {
  it('confirms, and while busy refuses both buttons', () => {
    const onConfirm = vi.fn();
    render(
      <ConfirmDialog title="Deactivate?" confirmLabel="Deactivate" danger onConfirm={onConfirm} onCancel={() => {}} />,
    );
    click($('[data-testid=confirm-dialog-confirm]'));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    render(
      <ConfirmDialog title="Deactivate?" confirmLabel="Deactivate" busy onConfirm={onConfirm} onCancel={() => {}} />,
    );
    expect($$('dialog button').every((b) => (b as HTMLButtonElement).disabled)).toBe(true);
  });
});

/** happy-dom has no window.confirm: the person's answer, stubbed. */
function stubConfirm(answer: boolean) {
  const confirm = vi.fn(() => answer);
  vi.stubGlobal('confirm', confirm);
  window.confirm = confirm;
  return confirm;
}

function Dirty({ dirty }: { dirty: boolean }) {
  useUnsavedChanges(dirty);
  return <a href="/staff/manage/elsewhere">away</a>;
}

describe('useUnsavedChanges', () => {
  it('asks before an in-app link leaves a dirty page and stops the navigation when the person stays', () => {
    const confirm = stubConfirm(false);
    render(<Dirty dirty />);
    const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    act(() => {
      $('a').dispatchEvent(event);
    });
    expect(confirm).toHaveBeenCalledWith('console.unsaved.confirm');
    expect(event.defaultPrevented).toBe(true);
  });

  it('lets the link go when the person confirms, and does not ask on a clean page', () => {
    const confirm = stubConfirm(true);
    render(<Dirty dirty />);
    const leave = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    act(() => {
      $('a').dispatchEvent(leave);
    });
    expect(leave.defaultPrevented).toBe(false);
    confirm.mockClear();
    render(<Dirty dirty={false} />);
    act(() => {
      $('a').dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
    });
    expect(confirm).not.toHaveBeenCalled();
  });

  it('asks the browser to warn before unloading a dirty page only', () => {
    render(<Dirty dirty />);
    const dirtyUnload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(dirtyUnload);
    expect(dirtyUnload.defaultPrevented).toBe(true);
    render(<Dirty dirty={false} />);
    const cleanUnload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(cleanUnload);
    expect(cleanUnload.defaultPrevented).toBe(false);
  });
});

describe('the console page registry', () => {
  it('gives each role only the pages listed for it', () => {
    const load = () => Promise.resolve({ default: () => null });
    const pages: ConsolePage[] = [
      { id: 'a', path: '/a', labelKey: 'a', roles: ['owner'], load },
      { id: 'b', path: '/b', labelKey: 'b', roles: ['owner', 'manager'], load },
    ];
    expect(pagesFor({ role: 'owner' }, pages).map((p) => p.id)).toEqual(['a', 'b']);
    expect(pagesFor({ role: 'manager' }, pages).map((p) => p.id)).toEqual(['b']);
    expect(pagesFor({ role: 'cashier' }, pages)).toEqual([]);
  });
});

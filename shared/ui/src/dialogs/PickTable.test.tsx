import { describe, expect, it } from '@rstest/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { okReply } from '@exam/api/testing';
import { PickTable, usePicks } from '../index';
import { renderWithStore, withTestServer } from '../testing';

const URL = '/api/test/pick/paging';
type Row = { id: string; name: string };
type Pick = { id: string; label?: string };
const t = withTestServer();

function Picker({ initial, onPicks }: { initial?: Pick[]; onPicks: (picks: Pick[]) => void }) {
  const picks = usePicks((r: Row): Pick => ({ id: r.id, label: r.name }), initial);
  onPicks(picks.list);
  return <PickTable url={URL} columns={[{ title: '名称', dataIndex: 'name' }]} picks={picks} />;
}

const box = (name: string) =>
  screen.getByText(name).closest('tr')!.querySelector('input[type="checkbox"]') as HTMLInputElement;

describe('PickTable', () => {
  it('keeps the picks of every page, made from the rows, after the ones it opened with', async () => {
    t.server.route(URL, (req) => {
      const page = (req.json as { current: number }).current;
      const rows = page === 1 ? [{ id: 'a', name: '甲' }] : [{ id: 'b', name: '乙' }];
      return okReply({ records: rows, total: 11, pages: 2, current: page, size: 10 });
    });
    let picked: Pick[] = [];
    renderWithStore(<Picker initial={[{ id: 'z' }]} onPicks={(p) => (picked = p)} />);
    await screen.findByText('甲');
    fireEvent.click(box('甲'));
    await waitFor(() => expect(picked).toEqual([{ id: 'z' }, { id: 'a', label: '甲' }]));
    fireEvent.click(screen.getByText('2'));
    await screen.findByText('乙');
    fireEvent.click(box('乙'));
    await waitFor(() => expect(picked.map((p) => p.id)).toEqual(['z', 'a', 'b']));
    expect(t.server.requests.at(-1)!.json).toMatchObject({ current: 2, size: 10 });
    fireEvent.click(box('乙'));
    await waitFor(() => expect(picked.map((p) => p.id)).toEqual(['z', 'a']));
  });
});

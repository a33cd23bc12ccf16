import { afterEach, describe, expect, it } from '@rstest/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import { asPhone } from '../testing';
import { FitTable, fittedColumns, flexWidth, tableMinWidth } from './FitTable';

const rows = [
  {
    id: 'u1',
    userName: 'learner2',
    realName: '李小红',
    roleNames: '超级管理员',
    children: [{ id: 'u2', userName: 'child', realName: '子项', roleNames: '学员' }],
  },
];

afterEach(() => {
  cleanup();
  asPhone(false);
});

describe('FitTable: every list keeps its columns readable (issue 36)', () => {
  it('gives a column without a width its title and values on one line, within bounds; an ellipsis column yields', () => {
    // Arco's auto layout squeezed such columns to one glyph (计/算/机 a line) or two (李小/红).
    expect(flexWidth({ title: '姓名', dataIndex: 'realName' }, rows)).toBe(96);
    expect(flexWidth({ title: '角色', dataIndex: 'roleNames' }, rows)).toBe(70 + 34);
    expect(flexWidth({ title: '说明', dataIndex: 'x' }, [{ x: '很'.repeat(40) }])).toBe(260);
    expect(flexWidth({ title: '试题', dataIndex: 'x', ellipsis: true }, [{ x: '很'.repeat(40) }])).toBe(140);
    const fitted = fittedColumns(
      [
        { title: '账号', dataIndex: 'userName' },
        { title: '状态', dataIndex: 's', width: 90 },
      ],
      rows,
    );
    expect(fitted.map((c) => c.width)).toEqual([8 * 8 + 34, 90]);
    expect(tableMinWidth(fitted, true)).toBe(40 + 98 + 90);
  });

  it('on a phone draws each row as a card of title: value lines, its actions at the foot, children indented', () => {
    asPhone(true);
    render(
      <FitTable
        rowKey="id"
        data={rows}
        pagination={false}
        columns={[
          { title: '账号', dataIndex: 'userName' },
          { title: '姓名', dataIndex: 'realName' },
          { title: '操作', key: 'op', render: () => <button type="button">编辑</button> },
        ]}
      />,
    );
    const cards = screen.getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]).getByText('账号').tagName).toBe('DT');
    expect(within(cards[0]).getByText('learner2').tagName).toBe('DD');
    expect(within(cards[0]).queryByText('操作')).toBeNull();
    expect(within(cards[0]).getByRole('button', { name: '编辑' })).toBeTruthy();
    expect(cards[1].style.marginLeft).toBe('16px');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('on a desktop draws the table', () => {
    render(
      <FitTable rowKey="id" data={rows} pagination={false} columns={[{ title: '账号', dataIndex: 'userName' }]} />,
    );
    expect(screen.getByRole('table')).toBeTruthy();
    expect(screen.queryByRole('listitem')).toBeNull();
  });
});

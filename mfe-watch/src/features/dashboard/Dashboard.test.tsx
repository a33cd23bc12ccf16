import { describe, expect, it } from '@rstest/core';
import { waitFor } from '@testing-library/react';
import { MemoryRouter } from '@exam/router';
import { okReply } from '@exam/api/testing';
import { renderWithStore, withTestServer } from '@exam/ui/testing';
import { firstCalls } from '../../firstCalls';
import Dashboard from './Dashboard';

const t = withTestServer();

describe('Dashboard', () => {
  it('first asks for exactly the calls the shell asks for ahead of it (firstCalls), so those early replies are used', async () => {
    const declared = firstCalls.Dashboard({});
    for (const c of declared) t.server.route(c.url, okReply(null));
    renderWithStore(
      <MemoryRouter>
        <Dashboard />
      </MemoryRouter>,
    );
    await waitFor(() =>
      expect(t.server.requests.filter((r) => declared.some((c) => c.url === r.path))).toHaveLength(declared.length),
    );
    for (const c of declared)
      expect(JSON.stringify(t.server.requests.find((r) => r.path === c.url)!.json)).toBe(JSON.stringify(c.body));
  });
});

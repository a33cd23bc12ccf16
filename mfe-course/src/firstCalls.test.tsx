import { describe, expect, it } from '@rstest/core';
import { waitFor } from '@testing-library/react';
import { okReply } from '@exam/api/testing';
import { ClientCourseCalls, CourseCalls, CourseFileCalls, DicCalls } from '@exam/contracts';
import { MemoryRouter } from '@exam/router';
import { renderWithStore, withTestServer } from '@exam/ui/testing';
import { firstCalls } from './firstCalls';
import ClientCourse from './features/client/ClientCourse';
import { CourseStudy } from './features/study/CourseStudy';

const t = withTestServer();

/** The requests sent to a call's address, each body without its send-time stamp `t`, as JSON text. */
const sent = (url: string) =>
  t.server.requests
    .filter((r) => r.path === url)
    .map((r) => {
      const { t: _stamp, ...body } = r.json as Record<string, unknown>;
      return JSON.stringify(body);
    });

// The early reply is found by the call's text: each view's first calls must be exactly what it sends.
describe("the course views' first calls", () => {
  it('课程中心 first asks for the first page of open courses', async () => {
    t.server.route(
      ClientCourseCalls.openPaging.url,
      okReply({ records: [], total: 0, current: 1, size: 12, pages: 0 }),
    );
    t.server.route(DicCalls.valueTree.url, okReply([])); // the catalogue filter's options
    renderWithStore(
      <MemoryRouter>
        <ClientCourse />
      </MemoryRouter>,
    );
    await waitFor(() => expect(sent(ClientCourseCalls.openPaging.url)).toHaveLength(1));
    const [declared] = firstCalls.ClientCourse({});
    expect(sent(declared.url)).toEqual([JSON.stringify(declared.body)]);
  });

  it('the study page asks for the course, then the file, both as declared', async () => {
    t.server.route(CourseCalls.detail.url, okReply({ id: 'c-1', title: '课程', fileList: [], paid: true }));
    t.server.route(CourseFileCalls.detail.url, okReply({ id: 'f-1', title: '附件', fileType: 99 }));
    renderWithStore(
      <MemoryRouter>
        <CourseStudy courseId="c-1" fileId="f-1" />
      </MemoryRouter>,
    );
    await waitFor(() => expect(sent(CourseFileCalls.detail.url)).toHaveLength(1));
    const declared = firstCalls.CourseViewWithFile({ courseId: 'c-1', fileId: 'f-1' });
    expect(declared.map((c) => sent(c.url)[0])).toEqual(declared.map((c) => JSON.stringify(c.body)));
  });
});

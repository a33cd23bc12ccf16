import { afterAll, afterEach, beforeAll, describe, expect, it } from '@rstest/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { configureApi } from '@exam/api';
import { okReply, startTestServer, type TestServer } from '@exam/api/testing';
import { FILE_GET_PREFIX, UPLOAD_URL, type LearnerAnswer, type QuView } from '@exam/contracts';
import { QuestionView, recordingCount, recordingsIn, withRecording } from '../index';
import { renderWithStore, resetScreen } from '../testing';

const short: QuView = {
  level: 1,
  blankCount: 0,
  rightList: [],
  subList: [],
  id: 'q4',
  quType: 4,
  quType_dictText: '简答',
  content: '<p>谈谈安全</p>',
  answerList: [],
};

describe('short answer with the recorder as an aid', () => {
  afterEach(resetScreen);

  it('offers 录音作答 only where the screen allows it and never once locked', () => {
    const { rerender } = render(<QuestionView qu={short} value={{}} onChange={() => undefined} locked={false} />);
    expect(screen.queryByText('录音作答')).toBeNull();
    rerender(<QuestionView qu={short} value={{}} onChange={() => undefined} locked answerAid />);
    expect(screen.queryByText('录音作答')).toBeNull();
    rerender(<QuestionView qu={short} value={{}} onChange={() => undefined} locked={false} answerAid />);
    fireEvent.click(screen.getByText('录音作答'));
    expect(screen.getByTestId('audio-recorder').getAttribute('data-state')).toBe('0');
  });

  it('keeps the written answer editable beside it', () => {
    let got: LearnerAnswer = {};
    render(<QuestionView qu={short} value={{ text: '先写' }} onChange={(a) => (got = a)} locked={false} answerAid />);
    fireEvent.change(screen.getByLabelText('作答内容'), { target: { value: '先写再录' } });
    expect(got.text).toBe('先写再录');
  });
});

/** A microphone and Web Audio just real enough for the recorder: one 4096-sample block of a quiet tone per `feed`. */
function fakeMicrophone() {
  let node: { onaudioprocess?: (ev: { inputBuffer: { getChannelData: () => Float32Array } }) => void } = {};
  class FakeAudioContext {
    sampleRate = 48_000;
    createScriptProcessor() {
      node = { ...node, connect: () => undefined, disconnect: () => undefined } as typeof node;
      return node;
    }
    createMediaStreamSource() {
      return { connect: () => undefined };
    }
    get destination() {
      return {};
    }
    close() {
      return Promise.resolve();
    }
  }
  const stream = { getTracks: () => [{ stop: () => undefined }] };
  Object.assign(globalThis, { AudioContext: FakeAudioContext });
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia: () => Promise.resolve(stream) },
  });
  return {
    feed: () => node.onaudioprocess?.({ inputBuffer: { getChannelData: () => new Float32Array(4096).fill(0.1) } }),
  };
}

describe('a recording as part of the answer', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    configureApi({ baseUrl: server.url });
    server.route(UPLOAD_URL, okReply({ name: '录音.wav', url: `${FILE_GET_PREFIX}2026/rec.wav` }));
  });
  afterAll(() => server.close());
  afterEach(() => {
    resetScreen();
    Reflect.deleteProperty(globalThis, 'AudioContext');
    Reflect.deleteProperty(navigator, 'mediaDevices');
  });

  it('uploads the recording as a WAV and adds its address to the written answer as a line', async () => {
    const mic = fakeMicrophone();
    let got: LearnerAnswer = {};
    renderWithStore(
      <QuestionView qu={short} value={{ text: '先写' }} onChange={(a) => (got = a)} locked={false} answerAid />,
    );
    fireEvent.click(screen.getByText('录音作答'));
    fireEvent.click(screen.getByText('开始录音'));
    await waitFor(() => expect(screen.getByTestId('audio-recorder').getAttribute('data-state')).toBe('1'));
    for (let i = 0; i < 12; i++) mic.feed();
    fireEvent.click(screen.getByText('停止录音'));
    fireEvent.click(await screen.findByText('上传录音'));
    expect(await screen.findByText('录音上传成功！')).toBeTruthy();
    expect(got.text).toBe(`先写\n[录音] ${FILE_GET_PREFIX}2026/rec.wav`);
    const sent = server.requests.find((r) => r.path === UPLOAD_URL)!;
    expect(sent.body).toContain('.wav"');
    expect(sent.body).toContain('WAVEfmt ');
    // The recorder goes back to its start once the upload's message is out (a render later on a busy machine).
    await waitFor(() => expect(screen.getByTestId('audio-recorder').getAttribute('data-state')).toBe('0'));
  });
});

describe('recordings in a written answer', () => {
  afterEach(resetScreen);

  it('are lines `[录音] <address>`; only site paths and http(s) addresses count', () => {
    expect(withRecording('', `${FILE_GET_PREFIX}a.wav`)).toBe(`[录音] ${FILE_GET_PREFIX}a.wav`);
    const text = withRecording(withRecording('要点', `${FILE_GET_PREFIX}a.wav`), 'https://oss.example.com/b.wav');
    expect(text).toBe(`要点\n[录音] ${FILE_GET_PREFIX}a.wav\n[录音] https://oss.example.com/b.wav`);
    expect(recordingsIn(text)).toEqual([`${FILE_GET_PREFIX}a.wav`, 'https://oss.example.com/b.wav']);
    expect(
      recordingsIn('[录音] javascript:alert(1)\n[录音] //evil.example/x.wav\n说明 [录音] /x.wav\n[录音]/y.wav'),
    ).toEqual([]);
    expect(recordingsIn(undefined)).toEqual([]);
    // Counted over a composite's children too: the exam screen saves at once when the count grows.
    expect(recordingCount({ text: text, subs: { a: { text: '[录音] /x.wav' }, b: {} } })).toBe(3);
    expect(recordingCount(undefined)).toBe(0);
  });

  it('play under the answer, also once it is locked (results, review)', () => {
    render(
      <QuestionView
        qu={short}
        value={{ text: `要点\n[录音] ${FILE_GET_PREFIX}a.wav\n[录音] javascript:alert(1)` }}
        onChange={() => undefined}
        locked
      />,
    );
    const players = screen.getByTestId('answer-recordings').querySelectorAll('audio');
    expect([...players].map((a) => a.getAttribute('src'))).toEqual([`${FILE_GET_PREFIX}a.wav`]);
    expect(screen.getByLabelText('录音1')).toBeTruthy();
  });
});

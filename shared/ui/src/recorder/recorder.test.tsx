import { afterEach, describe, expect, it } from '@rstest/core';
import { fireEvent, screen } from '@testing-library/react';
import { AudioRecorder } from '../index';
import { RecState, RECORDER_UNSUPPORTED_MSG, nextRecState, startErrorText } from './recorderState';
import { concat, encodeWav, resample } from './wav';
import { renderWithStore, resetScreen } from '../testing';

const ascii = (v: DataView, at: number, n: number) =>
  String.fromCharCode(...Array.from({ length: n }, (_, i) => v.getUint8(at + i)));

describe('WAV encoding (16-bit, 48 kHz, mono)', () => {
  it('writes a canonical RIFF/WAVE header with the right sizes', () => {
    const buf = encodeWav(new Float32Array([0, 0.5, -0.5, 1, -1, 2]));
    const v = new DataView(buf);
    expect(buf.byteLength).toBe(44 + 6 * 2);
    expect(ascii(v, 0, 4)).toBe('RIFF');
    expect(v.getUint32(4, true)).toBe(36 + 12);
    expect(ascii(v, 8, 4)).toBe('WAVE');
    expect(ascii(v, 12, 4)).toBe('fmt ');
    expect(v.getUint32(16, true)).toBe(16);
    expect(v.getUint16(20, true)).toBe(1); // PCM
    expect(v.getUint16(22, true)).toBe(1); // mono
    expect(v.getUint32(24, true)).toBe(48_000);
    expect(v.getUint32(28, true)).toBe(96_000); // byte rate
    expect(v.getUint16(32, true)).toBe(2); // block align
    expect(v.getUint16(34, true)).toBe(16);
    expect(ascii(v, 36, 4)).toBe('data');
    expect(v.getUint32(40, true)).toBe(12);
    // Samples: little-endian 16-bit, clipped at ±1.
    expect([0, 1, 2, 3, 4, 5].map((i) => v.getInt16(44 + i * 2, true))).toEqual([
      0, 16383, -16384, 32767, -32768, 32767,
    ]);
  });

  it('an empty recording is a valid header with no data', () => {
    const v = new DataView(encodeWav(new Float32Array(0)));
    expect(v.byteLength).toBe(44);
    expect(v.getUint32(4, true)).toBe(36);
    expect(v.getUint32(40, true)).toBe(0);
  });

  it('resamples 44.1 kHz to 48 kHz and joins chunks in order', () => {
    const one = new Float32Array(44_100).fill(0.25);
    expect(resample(one, 44_100).length).toBe(48_000);
    expect(resample(one, 44_100)[1000]).toBeCloseTo(0.25);
    expect(resample(one, 48_000)).toBe(one);
    expect(Array.from(concat([new Float32Array([1, 2]), new Float32Array([3])]))).toEqual([1, 2, 3]);
  });
});

describe('recorder states (0 ready, 1 recording, 2 recorded)', () => {
  it('moves only along start → stop → clear or upload', () => {
    expect(nextRecState(RecState.READY, 'start')).toBe(1);
    expect(nextRecState(RecState.RECORDING, 'stop')).toBe(2);
    expect(nextRecState(RecState.RECORDED, 'clear')).toBe(0);
    expect(nextRecState(RecState.RECORDED, 'uploaded')).toBe(0);
    expect(nextRecState(RecState.RECORDING, 'fail')).toBe(0);
  });

  it('ignores events out of place', () => {
    expect(nextRecState(RecState.RECORDING, 'start')).toBe(1);
    expect(nextRecState(RecState.READY, 'stop')).toBe(0);
    expect(nextRecState(RecState.READY, 'uploaded')).toBe(0);
    expect(nextRecState(RecState.RECORDED, 'start')).toBe(2);
    expect(nextRecState(RecState.RECORDING, 'clear')).toBe(1);
  });

  it('start errors carry the name and message', () => {
    expect(startErrorText(Object.assign(new Error('Permission denied'), { name: 'NotAllowedError' }))).toBe(
      `${RECORDER_UNSUPPORTED_MSG}（NotAllowedError：Permission denied）`,
    );
    expect(startErrorText('x')).toBe(RECORDER_UNSUPPORTED_MSG);
  });
});

describe('AudioRecorder', () => {
  afterEach(resetScreen);
  it('without a microphone says the device cannot record and stays ready', async () => {
    renderWithStore(<AudioRecorder onUploaded={() => {}} />);
    expect(screen.getByTestId('audio-recorder').getAttribute('data-state')).toBe('0');
    fireEvent.click(screen.getByText('开始录音'));
    expect(await screen.findByText(RECORDER_UNSUPPORTED_MSG)).toBeTruthy();
    expect(screen.getByTestId('audio-recorder').getAttribute('data-state')).toBe('0');
  });
});

import { useCallback, useEffect, useRef, useState } from 'react';
import { RecState, nextRecState, RECORDER_UNSUPPORTED_MSG, startErrorText, type RecEvent } from './recorderState';
import { WAV_RATE, concat, encodeWav, resample } from './wav';

interface Live {
  stream: MediaStream;
  ctx: AudioContext;
  node: ScriptProcessorNode;
  chunks: Float32Array[];
}

/**
 * Microphone capture into a 16-bit 48 kHz mono WAV, encoded in the page (Web Audio). A ScriptProcessor is
 * used rather than an AudioWorklet: it needs no separately served module, and recordings are short.
 */
export function useRecorder(onError: (msg: string) => void) {
  const [state, setState] = useState<RecState>(RecState.READY);
  const [wav, setWav] = useState<Blob | null>(null);
  const [seconds, setSeconds] = useState(0);
  const live = useRef<Live | null>(null);
  const send = (e: RecEvent) => setState((s) => nextRecState(s, e));

  const release = () => {
    const l = live.current;
    live.current = null;
    if (!l) return;
    l.node.disconnect();
    l.stream.getTracks().forEach((t) => t.stop());
    void l.ctx.close();
  };
  useEffect(() => release, []);

  const start = useCallback(async () => {
    if (live.current) return;
    if (!navigator.mediaDevices?.getUserMedia || typeof AudioContext === 'undefined')
      return onError(RECORDER_UNSUPPORTED_MSG);
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: { channelCount: 1 } });
      const ctx = new AudioContext({ sampleRate: WAV_RATE });
      const node = ctx.createScriptProcessor(4096, 1, 1);
      const chunks: Float32Array[] = [];
      node.onaudioprocess = (ev) => {
        chunks.push(new Float32Array(ev.inputBuffer.getChannelData(0)));
        setSeconds(Math.floor((chunks.length * 4096) / ctx.sampleRate));
      };
      ctx.createMediaStreamSource(stream).connect(node);
      node.connect(ctx.destination);
      live.current = { stream, ctx, node, chunks };
      setWav(null);
      setSeconds(0);
      send('start');
    } catch (e) {
      release();
      onError(startErrorText(e));
    }
  }, [onError]);

  const stop = useCallback(() => {
    const l = live.current;
    if (!l) return;
    const samples = resample(concat(l.chunks), l.ctx.sampleRate);
    release();
    setWav(new Blob([encodeWav(samples)], { type: 'audio/wav' }));
    send('stop');
  }, []);

  const clear = useCallback(() => {
    setWav(null);
    setSeconds(0);
    send('clear');
  }, []);
  const uploaded = useCallback(() => {
    setWav(null);
    setSeconds(0);
    send('uploaded');
  }, []);
  return { state, wav, seconds, start, stop, clear, uploaded };
}

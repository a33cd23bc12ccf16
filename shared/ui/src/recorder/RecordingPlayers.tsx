import { recordingsIn } from './answerRecordings';

/** Players for the recordings of a written answer (exam review, results, training), none when there are none. */
export function RecordingPlayers({ text }: { text?: string }) {
  const urls = recordingsIn(text);
  if (!urls.length) return null;
  return (
    <div data-testid="answer-recordings" style={{ display: 'flex', flexDirection: 'column', gap: 6, margin: '8px 0' }}>
      {urls.map((url, i) => (
        <audio
          key={`${i}-${url}`}
          aria-label={`录音${i + 1}`}
          src={url}
          controls
          preload="none"
          style={{ maxWidth: '100%' }}
        />
      ))}
    </div>
  );
}

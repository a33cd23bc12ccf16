import { useEffect, useRef } from 'react';
import Player, { Events } from 'xgplayer';
import HlsPlugin from 'xgplayer-hls';
import 'xgplayer/dist/index.min.css';
import { getToken } from '@exam/api';
import { END_REWIND_MS, createWatchTracker, isHls, type Interval } from './watchTracker';

export interface VideoPlayerProps {
  /** A `.m3u8` address plays as HLS, anything else as mp4 (spec §4). */
  url: string;
  /** Where to resume, in seconds (the stored position). */
  startTime?: number;
  /** The furthest point already watched; with `dragLock` seeks past it (+2 s) snap back. */
  furthest?: number;
  dragLock?: boolean;
  live?: boolean;
  /**
   * Watched intervals since the last report and the position: every `reportSec` while playing ('tick',
   * a heartbeat), and on pause, end and close (a save).
   */
  onWatched?: (intervals: Interval[], position: number, reason: WatchReport) => void;
  onEnded?: () => void;
  /** Playing or not, for the study-check clock. */
  onPlayingChange?: (playing: boolean) => void;
  reportSec?: number;
}

/** The course video (spec §4): xgplayer, 16:9, resume, rewind after the end, pause when the tab hides. */
export type WatchReport = 'tick' | 'pause' | 'end' | 'close';

export function VideoPlayer(props: VideoPlayerProps) {
  const { url, startTime = 0, furthest = startTime, dragLock = false, live = false, reportSec = 10 } = props;
  const box = useRef<HTMLDivElement>(null);
  // Callbacks change every render; the player is built once per source and reads the latest ones.
  const latest = useRef(props);
  latest.current = props;

  useEffect(() => {
    if (!box.current) return undefined;
    const hls = isHls(url);
    const player = new Player({
      el: box.current,
      url,
      width: '100%',
      height: '100%',
      lang: 'zh-cn',
      isLive: live,
      startTime: live ? 0 : startTime,
      plugins: hls ? [HlsPlugin] : [],
      // Requests for keys and segments carry the session token too (spec §4); the key URI has its play token.
      hls: hls ? { isLive: live, fetchOptions: { headers: { token: getToken() } } } : undefined,
      ignores: ['download', 'pip', 'miniscreen'],
    });
    const tracker = createWatchTracker({ dragLock, furthest });
    const report = (reason: WatchReport) => {
      const intervals = tracker.take();
      // A tick with nothing watched says nothing; a pause or close still saves the position.
      if (intervals.length || reason !== 'tick') latest.current.onWatched?.(intervals, player.currentTime, reason);
    };
    let rewind: ReturnType<typeof setTimeout> | undefined;
    player.on(Events.TIME_UPDATE, () => tracker.time(player.currentTime));
    player.on(Events.SEEKING, () => {
      const wanted = player.currentTime;
      const allowed = tracker.seek(wanted);
      if (allowed !== wanted) player.currentTime = allowed;
    });
    player.on(Events.PLAY, () => latest.current.onPlayingChange?.(true));
    player.on(Events.PAUSE, () => {
      latest.current.onPlayingChange?.(false);
      report('pause');
    });
    player.on(Events.ENDED, () => {
      latest.current.onPlayingChange?.(false);
      report('end');
      latest.current.onEnded?.();
      rewind = setTimeout(() => {
        tracker.seek(0);
        player.currentTime = 0;
      }, END_REWIND_MS);
    });
    const timer = setInterval(() => report('tick'), reportSec * 1000);
    const onVisibility = () => {
      if (document.hidden) player.pause();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      clearInterval(timer);
      clearTimeout(rewind);
      report('close');
      latest.current.onPlayingChange?.(false);
      player.destroy();
    };
    // The player is rebuilt only for another source; position props are read at start.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [url, live, dragLock]);

  return (
    <div style={{ position: 'relative', width: '100%', aspectRatio: '16 / 9', background: '#000' }}>
      <div ref={box} style={{ position: 'absolute', inset: 0 }} />
    </div>
  );
}

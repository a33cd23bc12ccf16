import { useEffect, useState } from 'react';

/**
 * When the 人脸认证 dialog opens during study (spec learner §4): with the course's face check on and
 * faceInterval > 0, as soon as study starts and then faceInterval minutes after each pass. A closed
 * dialog is not reopened until the page is loaded again (spec: 若要重新识别请刷新页面).
 */
export function useFaceSchedule(enabled: boolean, intervalMin: number) {
  const on = enabled && intervalMin > 0;
  const [open, setOpen] = useState(false);
  const [passes, setPasses] = useState(0);
  const [closed, setClosed] = useState(false);
  useEffect(() => {
    if (!on || open || closed) return undefined;
    const t = setTimeout(() => setOpen(true), passes === 0 ? 0 : intervalMin * 60_000);
    return () => clearTimeout(t);
  }, [on, open, closed, passes, intervalMin]);
  return {
    open: on && open,
    /**
     * A check is open or about to open (study start): progress waits, since the server refuses it without a
     * recent pass (and would answer each report with 请先完成人脸认证… while the learner faces the camera).
     */
    checking: on && (open || (passes === 0 && !closed)),
    passed: () => {
      setOpen(false);
      setPasses((n) => n + 1);
    },
    closed: () => {
      setOpen(false);
      setClosed(true);
    },
  };
}

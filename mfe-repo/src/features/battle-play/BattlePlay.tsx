import { Result, Spin } from '@arco-design/web-react';
import { useParams, useSearchParams } from '@exam/router';
import { Matching } from './Matching';
import { RoundScreen } from './RoundScreen';
import { useRound } from './useRound';

/** A round being played (route /pages/battle/play/:roundId); `new?battle=<id>` first waits for a room of that battle. */
export default function BattlePlay() {
  const { roundId = '' } = useParams();
  const [search] = useSearchParams();
  if (roundId === 'new') return <Matching battleId={search.get('battle') ?? ''} />;
  return <Round key={roundId} roundId={roundId} />;
}

function Round({ roundId }: { roundId: string }) {
  const r = useRound(roundId);
  if (r.error) return <Result status="404" title={r.error} />;
  if (!r.state) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  return <RoundScreen state={r.state} offset={r.offset} myAnswer={r.myAnswer} onAnswer={r.answer} />;
}

import { ONE_CHOICE_TYPES, type QuSolution, type QuView } from '@exam/contracts';
import { RichText } from '../editor/RichText';

type Props = {
  qu: Pick<QuView, 'quType' | 'answerList'>;
  value: string[];
  onChange: (ids: string[]) => void;
  locked: boolean;
  solution?: Pick<QuSolution, 'rightIds' | 'optionScores'>;
  /** Big touch targets (a battle on a phone). */
  large?: boolean;
};

/** Options A–Z (a picture under the text when the option has one); one pick or several by type; after the solution, right ones green and wrong picks red. */
export function ChoiceInput({ qu, value, onChange, locked, solution, large }: Props) {
  const one = ONE_CHOICE_TYPES.includes(qu.quType);
  const toggle = (id: string) => {
    if (locked) return;
    if (one) onChange([id]);
    else onChange(value.includes(id) ? value.filter((x) => x !== id) : [...value, id]);
  };
  return (
    <div role={one ? 'radiogroup' : 'group'}>
      {qu.answerList.map((o) => {
        const picked = value.includes(o.id);
        const right = solution?.rightIds.includes(o.id);
        const score = solution?.optionScores.find((s) => s.id === o.id)?.score;
        const border = right ? '#00b42a' : solution && picked ? '#f53f3f' : picked ? '#165dff' : '#e5e6eb';
        return (
          <div
            key={o.id}
            role={one ? 'radio' : 'checkbox'}
            aria-checked={picked}
            aria-disabled={locked}
            data-testid={`option-${o.abc}`}
            onClick={() => toggle(o.id)}
            style={{
              display: 'flex',
              gap: 8,
              alignItems: 'center',
              padding: large ? '14px 16px' : '8px 12px',
              margin: large ? '10px 0' : '6px 0',
              fontSize: large ? 16 : undefined,
              border: `1px solid ${border}`,
              borderRadius: 4,
              cursor: locked ? 'default' : 'pointer',
              background: picked ? '#f2f3f5' : undefined,
            }}
          >
            <b style={{ minWidth: 20 }}>{o.abc}.</b>
            <div>
              <RichText html={o.content} />
              {o.image && (
                <img src={o.image} alt={`选项${o.abc}图片`} style={{ display: 'block', maxWidth: 240, marginTop: 4 }} />
              )}
            </div>
            {score !== undefined && <span style={{ marginLeft: 'auto', color: '#86909c' }}>{score}分</span>}
          </div>
        );
      })}
    </div>
  );
}

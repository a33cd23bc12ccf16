-- Every save of a fill-answer(s) call (exam paper-repository `saveAnswers`), as one function the exam service calls
-- through a named prepared statement. A save is fenced from a hand-in's grading by an advisory lock on the paper
-- (class 4201), kept in memory, not written to the WAL as the FOR SHARE tuple lock it replaces was: a save takes it
-- shared, then reads the paper in a snapshot taken after it has the lock (each statement of a volatile function
-- takes its own); the grading takes it exclusively before reading the answers. So a save either is read by the
-- grading (it held the lock first) or sees the paper handed in and stores nothing.
CREATE OR REPLACE FUNCTION el_save_answers(
  p_paper text, p_user text, p_cutoff timestamptz, p_qu text[], p_answer text[], p_answered boolean[],
  p_has_answer boolean[], p_mark boolean[], p_has_mark boolean[], p_seq bigint[]
) RETURNS json LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  st int;
  lim timestamptz;
  saved json;
  done text[];
  cur json;
BEGIN
  PERFORM pg_advisory_xact_lock_shared(4201, hashtext(p_paper));
  SELECT state, limit_time INTO st, lim FROM el_paper WHERE id = p_paper AND user_id = p_user;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  IF st <> 0 OR lim <= p_cutoff THEN
    RETURN json_build_object('state', st, 'limit_time', lim);
  END IF;
  WITH v AS (
    SELECT * FROM unnest(p_qu, p_answer, p_answered, p_has_answer, p_mark, p_has_mark, p_seq)
      AS v(qu_id, answer, answered, has_answer, mark, has_mark, seq)
  ), u AS (
    -- A question's first save writes its row; later ones update it (a save without an answer or a mark keeps the
    -- stored one), unless a newer save is stored (a smaller seq is stale).
    INSERT INTO el_paper_answer AS a (paper_id, qu_id, answer, answered, mark, seq)
    SELECT p_paper, v.qu_id, v.answer, v.answered, v.mark, v.seq FROM v
    ON CONFLICT (paper_id, qu_id) DO UPDATE SET
      (answer, answered, mark) = (SELECT
        CASE WHEN w.has_answer THEN w.answer ELSE a.answer END,
        CASE WHEN w.has_answer THEN w.answered ELSE a.answered END,
        CASE WHEN w.has_mark THEN w.mark ELSE a.mark END
        FROM v w WHERE w.qu_id = excluded.qu_id),
      seq = excluded.seq, update_time = now()
    WHERE a.seq <= excluded.seq
    RETURNING a.qu_id, a.answered, a.mark, a.seq
  )
  SELECT json_agg(json_build_object('quId', qu_id, 'answered', answered, 'mark', mark, 'seq', seq, 'stale', false)),
    coalesce(array_agg(qu_id), '{}')
  FROM u INTO saved, done;
  -- The stale ones' stored rows, read in a snapshot of their own: a newer save of a question's first answer that
  -- committed while this one waited on its row is visible only from here.
  SELECT json_agg(json_build_object('quId', c.qu_id, 'answered', c.answered, 'mark', c.mark, 'seq', c.seq, 'stale', true))
  FROM el_paper_answer c WHERE c.paper_id = p_paper AND c.qu_id = ANY (p_qu) AND NOT c.qu_id = ANY (done)
  INTO cur;
  RETURN json_build_object('state', st, 'limit_time', lim, 'saved', saved, 'current', cur);
END
$$;

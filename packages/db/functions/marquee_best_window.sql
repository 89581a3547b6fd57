-- Best available (issue 24; decisions/046): where in one block of seats (seats side by side in a row, left
-- to right) to put a group of p_quantity, given which seats can be had (p_ok: free, and for an ordinary
-- request not an accessible place) and each seat's score (lower is better).
--
-- A group goes in a run of seats that can be had. Among the places it fits, one that leaves no single seat
-- alone at either end of its run (an orphan: one seat between taken ones, or between a taken one and the
-- block's end) wins over one that does; then the lowest sum of scores (nearest the stage's centre). With
-- p_need_wheelchair, only groups that hold a wheelchair space ('w' in p_access) count.
--
-- Answers the group's first position (from 1; NULL when nothing fits), whether it leaves an orphan, and the
-- longest run of seats that can be had (the block's hint, seat_blocks.free_run). One pass, sliding sums.
--
-- History: migration 0023.

CREATE OR REPLACE FUNCTION public.marquee_best_window(p_ok boolean[], p_scores integer[], p_quantity integer, p_need_wheelchair boolean, p_access text)
 RETURNS TABLE(best_start integer, makes_orphan boolean, longest_run integer)
 LANGUAGE plpgsql
 IMMUTABLE
AS $function$
DECLARE
  v_n integer := coalesce(array_length(p_ok, 1), 0);
  v_i integer := 1;
  v_run_start integer;
  v_run_end integer;
  v_start integer;
  v_sum bigint;
  v_wheelchairs integer;
  v_orphan boolean;
  v_best integer;
  v_best_sum bigint;
  v_best_orphan boolean;
  v_longest integer := 0;
  v_k integer;
BEGIN
  WHILE v_i <= v_n LOOP
    IF NOT p_ok[v_i] THEN
      v_i := v_i + 1;
      CONTINUE;
    END IF;
    v_run_start := v_i;
    WHILE v_i <= v_n AND p_ok[v_i] LOOP
      v_i := v_i + 1;
    END LOOP;
    v_run_end := v_i - 1;
    v_longest := greatest(v_longest, v_run_end - v_run_start + 1);
    CONTINUE WHEN v_run_end - v_run_start + 1 < p_quantity;
    v_sum := 0;
    v_wheelchairs := 0;
    FOR v_k IN v_run_start .. v_run_start + p_quantity - 1 LOOP
      v_sum := v_sum + p_scores[v_k];
      IF p_need_wheelchair AND substr(p_access, v_k, 1) = 'w' THEN
        v_wheelchairs := v_wheelchairs + 1;
      END IF;
    END LOOP;
    v_start := v_run_start;
    LOOP
      IF NOT p_need_wheelchair OR v_wheelchairs > 0 THEN
        v_orphan := v_start - v_run_start = 1 OR v_run_end - (v_start + p_quantity - 1) = 1;
        IF v_best IS NULL OR (v_best_orphan AND NOT v_orphan) OR (v_best_orphan = v_orphan AND v_sum < v_best_sum) THEN
          v_best := v_start;
          v_best_sum := v_sum;
          v_best_orphan := v_orphan;
        END IF;
      END IF;
      EXIT WHEN v_start + p_quantity - 1 >= v_run_end;
      v_sum := v_sum - p_scores[v_start] + p_scores[v_start + p_quantity];
      IF p_need_wheelchair THEN
        IF substr(p_access, v_start, 1) = 'w' THEN
          v_wheelchairs := v_wheelchairs - 1;
        END IF;
        IF substr(p_access, v_start + p_quantity, 1) = 'w' THEN
          v_wheelchairs := v_wheelchairs + 1;
        END IF;
      END IF;
      v_start := v_start + 1;
    END LOOP;
  END LOOP;
  RETURN QUERY SELECT v_best, coalesce(v_best_orphan, false), v_longest;
END;
$function$;

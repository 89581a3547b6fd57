/**
 * Runs `run` in a task of its own just after the next frame is painted: a frame's callback runs just before
 * that frame paints, and a task queued from there runs after it. So work that can wait (row labels, a focus
 * that would lay the page out) does not lengthen the task that rendered the page, nor the frame that shows
 * it (issue 25). Answers a function that cancels it.
 */
export function afterNextPaint(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(run, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

// One way to poll the server for an answer that grows (the dot's verdict, the fair odds): ask soon,
// then less and less often while more is coming, and stop as soon as the page has moved on.

// The server keeps searching while the page asks (it lets go after about 20 s without a question),
// with a growing budget, until it decides or reaches its limit: keep asking, less and less often.
const FIRST_MS = 120;
const NEXT_MS = 250;
const GROWTH = 1.5;
const MAX_MS = 4000;

/**
 * A poller: `start(ask)` asks `ask.get()` after a moment, then again after 250 ms, 375 ms… (at most
 * 4 s apart) while `ask.more(answer)` is true. `ask.wanted()` is checked before each question and
 * after each answer (false: stop, silently); `ask.show(answer)` gets each answer that is still
 * wanted; `ask.failed()` is called once when a question fails (then it stops). Starting again, or
 * `stop()`, forgets the questions still to come.
 */
export function poller() {
  let timer = 0;
  const stop = () => window.clearTimeout(timer);
  const start = ({ get, wanted, show, more, failed }) => {
    stop();
    let delay = NEXT_MS;
    const poll = async () => {
      if (!wanted()) return;
      let answer;
      try {
        answer = await get();
      } catch (err) {
        failed();
        return;
      }
      if (!wanted(answer)) return;
      show(answer);
      if (more(answer)) {
        delay = Math.min(delay * GROWTH, MAX_MS);
        timer = window.setTimeout(poll, delay);
      }
    };
    timer = window.setTimeout(poll, FIRST_MS);
  };
  return { start, stop };
}

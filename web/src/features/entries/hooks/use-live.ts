/**
 * A researcher's connection to a participation in progress (ADR 0016): the WebSocket to its
 * participation object, whose events drive the live player (`LiveFeed`) and the page's state: the
 * step marks (current task), the answers as they are given, Finish and deletion. A participant
 * who sends nothing for a while, or whose page reloaded (a new segment opens), is shown as
 * disconnected until their next chunk. A dropped socket is opened again, and its snapshot resumes.
 * The participant's camera, when they share it, plays in a feed of its own from the same events.
 */
import { useEffect, useState } from 'react';
import { API_BASE_PATH } from '@/config/constants';
import type { LiveFeed } from '@/features/entries/lib/live-feed';
import { apiPaths } from '@/lib/api-paths';
import type { LiveEvent } from '@/lib/api-types/LiveEvent';
import type { LiveRequest } from '@/lib/api-types/LiveRequest';
import type { StepMark } from '@/lib/api-types/StepMark';
import type { SusAnswerDto } from '@/lib/api-types/SusAnswerDto';
import type { TaskAnswerDto } from '@/lib/api-types/TaskAnswerDto';

/** Without a chunk for this long, the participant is shown as disconnected (chunks are ~1 s). */
export const SILENCE_MS = 6_000;
const RECONNECT_MS = 2_000;

export type LiveStatus = 'connecting' | 'live' | 'finished' | 'deleted' | 'revoked';

export interface LiveState {
  status: LiveStatus;
  analysisId: string | null;
  taskCount: number;
  steps: StepMark[];
  tasks: TaskAnswerDto[];
  sus: SusAnswerDto | null;
  /** The participant reloaded or lost the connection, and nothing new has arrived since. */
  disconnected: boolean;
  /** The participant shares their camera: a camera segment has opened. */
  camera: boolean;
}

const initial: LiveState = {
  status: 'connecting',
  analysisId: null,
  taskCount: 0,
  steps: [],
  tasks: [],
  sus: null,
  disconnected: false,
  camera: false,
};

export const liveSocketUrl = (entryId: string) =>
  `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}${API_BASE_PATH}${apiPaths.entryLive(entryId)}`;

/** The task the participant is on (1-based), from the newest step mark; null before the first task. */
export function currentTask(steps: readonly StepMark[]): number | null {
  const last = [...steps].sort((a, b) => a.atMs - b.atMs).at(-1);
  return last && last.index >= 2 ? last.index - 1 : null;
}

type Snapshot = Extract<LiveEvent, { type: 'snapshot' }>;
const newestOf = (event: Snapshot, track: string) =>
  event.segments.filter((s) => s.track === track && s.state === 'open').at(-1);
const newestScreen = (event: Snapshot) => newestOf(event, 'screen');

/** The player's feeds: the screen, and the camera's when the participant shares it. */
export interface LiveFeeds {
  screen: LiveFeed;
  camera: LiveFeed;
}

/** What an event means for the players (outside React's state updates, which may run twice). */
export function play(event: LiveEvent, feeds: LiveFeeds): void {
  const feedOf = (track: string) => (track === 'camera' ? feeds.camera : track === 'screen' ? feeds.screen : null);
  if (event.type === 'snapshot') {
    for (const track of ['screen', 'camera'] as const) {
      const feed = feeds[track];
      const newest = newestOf(event, track);
      if (newest && feed.current()?.seq !== newest.seq) feed.open(newest);
      else if (newest) {
        feed.moved(newest.seq, newest.offsetMs);
        for (const chunk of newest.chunks) feed.add(chunk);
      }
    }
  } else if (event.type === 'chunk') feedOf(event.chunk.track)?.add(event.chunk);
  else if (event.type === 'segment') feedOf(event.segment.track)?.open(event.segment);
  else if (event.type === 'moved') {
    feeds.screen.moved(event.seq, event.offsetMs);
    feeds.camera.moved(event.seq, event.offsetMs);
  } else if (event.type === 'signed') {
    feeds.screen.signed(event.chunks);
    feeds.camera.signed(event.chunks);
  }
}

function reduce(state: LiveState, event: LiveEvent): LiveState {
  switch (event.type) {
    case 'snapshot': {
      const newest = newestScreen(event);
      const status = event.state === 'finished' ? 'finished' : event.state === 'deleted' ? 'deleted' : 'live';
      const camera = state.camera || newestOf(event, 'camera') !== undefined;
      return {
        ...state,
        status,
        analysisId: event.analysisId,
        taskCount: event.taskCount,
        steps: event.steps,
        disconnected: !newest,
        camera,
      };
    }
    case 'chunk':
      return state.disconnected && event.chunk.track === 'screen' ? { ...state, disconnected: false } : state;
    case 'segment':
      if (event.segment.track === 'camera') return state.camera ? state : { ...state, camera: true };
      if (event.segment.track !== 'screen') return state;
      // A second screen segment means the first one's page went away.
      return { ...state, disconnected: event.segment.seq > 1 || state.disconnected };
    case 'steps':
      return { ...state, steps: event.steps };
    case 'answer':
      return {
        ...state,
        tasks: event.task
          ? [...state.tasks.filter((t) => t.taskNumber !== event.task?.taskNumber), event.task]
          : state.tasks,
        sus: event.sus ?? state.sus,
      };
    case 'closing':
    case 'moved':
    case 'signed':
      return state;
    case 'finished':
      return { ...state, status: 'finished' };
    case 'deleted':
      return { ...state, status: 'deleted' };
    case 'revoked':
      return { ...state, status: 'revoked' };
  }
}

export function useLive(entryId: string, feeds: LiveFeeds | null): LiveState {
  const [state, setState] = useState<LiveState>(initial);

  useEffect(() => {
    if (!feeds) return;
    let socket: WebSocket | null = null;
    let ended = false;
    let retry: number | undefined;
    let lastChunkAt = Date.now();
    // Scrubbing back, a feed asks the object for the older chunks' URLs over the socket.
    const sign = (seq: number, track: string, from: number, to: number) => {
      const request: LiveRequest = { type: 'sign', seq, track, from, to };
      if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(request));
    };
    feeds.screen.sign = sign;
    feeds.camera.sign = sign;
    const connect = () => {
      socket = new WebSocket(liveSocketUrl(entryId));
      socket.addEventListener('message', (message) => {
        const event = JSON.parse(String(message.data)) as LiveEvent;
        if (event.type === 'chunk') lastChunkAt = Date.now();
        // Nothing to reconnect for: the recording is over, or this session may no longer watch.
        if (event.type === 'finished' || event.type === 'deleted' || event.type === 'revoked') ended = true;
        play(event, feeds);
        setState((last) => reduce(last, event));
      });
      socket.addEventListener('close', () => {
        if (!ended) retry = window.setTimeout(connect, RECONNECT_MS);
      });
    };
    connect();
    const silence = window.setInterval(() => {
      if (Date.now() - lastChunkAt > SILENCE_MS)
        setState((last) => (last.status === 'live' && !last.disconnected ? { ...last, disconnected: true } : last));
    }, 1_000);
    return () => {
      ended = true;
      window.clearTimeout(retry);
      window.clearInterval(silence);
      socket?.close();
    };
  }, [entryId, feeds]);

  return state;
}

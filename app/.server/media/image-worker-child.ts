// The image worker's child process (see image-worker.ts): receives tasks over IPC, runs
// them one after another, answers each, and exits when the parent closes the channel
// (idle, or the parent itself is gone).
import { runTask, type ImageTask } from './image-tasks';

let queue = Promise.resolve();

process.on('message', ({ id, task }: { id: number; task: ImageTask }) => {
  queue = queue.then(async () => {
    try {
      const bytes = await runTask(task);
      process.send!({ id, bytes });
    } catch (error) {
      process.send!({ id, error: (error as Error).message ?? String(error) });
    }
  });
});
process.on('disconnect', () => void queue.then(() => process.exit(0)));

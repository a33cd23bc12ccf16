// Preloaded (`node --import`) into a server a start script spawns with an IPC channel: when that
// channel closes (the start script died, even by SIGKILL, which it cannot forward), the server stops
// as on SIGTERM instead of living on as an orphan that holds the port and the data directory.
if (process.channel) {
  process.channel.unref(); // the channel alone must not keep the server running
  process.once('disconnect', () => process.kill(process.pid, 'SIGTERM'));
}

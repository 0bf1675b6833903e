// Loaded into the server by the soak (node --expose-gc --import <this file> build/server.js).
// Asked over the IPC channel, it runs a full garbage collection and answers
// process.memoryUsage(): the heap that is left is what the server really holds.
// The channel is unref'd so it never keeps the server running.
import process from 'node:process'

if (process.send && process.channel) {
  process.channel.unref()
  process.on('message', (message) => {
    if (message !== 'soak:memory') return
    globalThis.gc?.()
    process.send?.({ soakMemory: process.memoryUsage() })
  })
}

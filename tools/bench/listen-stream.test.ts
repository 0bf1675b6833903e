import { describe, expect, it } from 'vitest'
import { Deliveries, sseMessage } from './listen-stream.ts'

describe('the listen bench’s stream reader', () => {
  it('reads a message’s event and data, skipping comments such as keep-alives', () => {
    expect(sseMessage('event: webhook\nid: evt_1\ndata: {"A":1}')).toEqual({
      event: 'webhook',
      data: '{"A":1}',
    })
    expect(sseMessage(': keep-alive')).toEqual({ event: 'message', data: '' })
    expect(sseMessage('data: one\ndata:two')).toEqual({ event: 'message', data: 'one\ntwo' })
  })

  it('tells when an order’s first message arrived, waiting for it at most so long', async () => {
    const deliveries = new Deliveries()
    const arrival = (orderId: string, at: number) => ({
      payId: '1',
      deliveryId: `evt_${at}`,
      orderId,
      type: 'payment.captured',
      at,
    })
    deliveries.arrived(arrival('A', 5))
    expect(await deliveries.arrivalOf('A', 1_000)).toBe(5)
    const waiting = deliveries.arrivalOf('B', 1_000)
    deliveries.arrived(arrival('B', 7))
    deliveries.arrived(arrival('B', 9))
    expect(await waiting).toBe(7)
    expect(await deliveries.arrivalOf('C', 10)).toBeUndefined()
  })
})

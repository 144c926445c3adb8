import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type AuctionTicket, decodeTicket, encodeTicket, eventUrl, TICKET_LIFETIME_MS } from './event-ticket';

const ticket: AuctionTicket = {
  auctionId: '1:req-1:imp-1',
  issuedAt: Date.UTC(2026, 10, 27, 12),
  organizationId: '3',
  campaignId: '10',
  strategyId: '11',
  creativeId: '12',
  exchangeId: '1',
  dealId: '0',
  currency: 'USD',
  priceMicros: '2500000',
  campaignCurrency: 'EUR',
  maxCostMicros: '2300',
  country: 'ESP',
  region: 'ES-MD',
  deviceType: 'phone',
  os: 'android',
  size: '300x250',
  venueType: '',
  publisher: 'pub-1',
  bundle: 'com.example.app',
  device: '',
  capUser: 'a1b2',
  timeZone: 'Europe/Madrid',
  campaignCapUser: 'c3d4',
};
const secret = 'installation-secret';

describe('event tickets', () => {
  it('reads back what was signed', () => {
    const text = encodeTicket(secret, ticket);
    expect(text).toMatch(/^[\w-]+\.[\w-]{22}$/);
    expect(decodeTicket(secret, text, ticket.issuedAt + 1000)).toEqual({ ok: true, ticket });
  });

  it('reads a ticket written before frequency caps as one without a cap user', () => {
    const { capUser: _capUser, timeZone: _zone, campaignCapUser: _campaignCap, ...rest } = ticket;
    // The older layout: the same fields in the same order, without the last three.
    const payload = Buffer.from(JSON.stringify(Object.values(rest))).toString('base64url');
    const mac = createHmac('sha256', secret).update(payload).digest('base64url').slice(0, 22);
    const older = { ...rest, capUser: '', timeZone: '', campaignCapUser: '' };
    expect(decodeTicket(secret, `${payload}.${mac}`, ticket.issuedAt)).toEqual({ ok: true, ticket: older });
    expect(decodeTicket(secret, encodeTicket(secret, rest), ticket.issuedAt)).toEqual({
      ok: true,
      ticket: older,
    });
  });

  it('reads a ticket written before time zones (with a cap user, without the zone and campaign cap)', () => {
    const { timeZone: _zone, campaignCapUser: _campaignCap, ...rest } = ticket;
    const payload = Buffer.from(JSON.stringify(Object.values(rest))).toString('base64url');
    const mac = createHmac('sha256', secret).update(payload).digest('base64url').slice(0, 22);
    expect(decodeTicket(secret, `${payload}.${mac}`, ticket.issuedAt)).toEqual({
      ok: true,
      ticket: { ...rest, timeZone: '', campaignCapUser: '' },
    });
  });

  it('refuses an altered payload, another secret and a bad signature', () => {
    const text = encodeTicket(secret, ticket);
    const altered = encodeTicket(secret, { ...ticket, priceMicros: '9900000' }).split('.')[0];
    expect(decodeTicket(secret, `${altered}.${text.split('.')[1]}`, ticket.issuedAt)).toEqual({
      ok: false,
      reason: 'forged',
    });
    expect(decodeTicket('other', text, ticket.issuedAt)).toMatchObject({ ok: false, reason: 'forged' });
    expect(decodeTicket(secret, `${text}x`, ticket.issuedAt)).toMatchObject({ ok: false, reason: 'forged' });
  });

  it('refuses garbage and old tickets without throwing', () => {
    for (const text of ['', '.', 'abc', 'a.b.c', '%%%.%%%', 'x'.repeat(5000)]) {
      expect(decodeTicket(secret, text, 0).ok).toBe(false);
    }
    const text = encodeTicket(secret, ticket);
    expect(decodeTicket(secret, text, ticket.issuedAt + TICKET_LIFETIME_MS + 1)).toEqual({
      ok: false,
      reason: 'expired',
    });
  });

  it('puts the auction price macro in win and billing URLs only', () => {
    // The exchange's own macro, written as text (not a template placeholder).
    const macro = ['$', '{AUCTION_PRICE}'].join('');
    expect(eventUrl('https://b.example', 'win', 'T')).toBe(`https://b.example/ev/win?t=T&p=${macro}`);
    expect(eventUrl('https://b.example', 'click', 'T')).toBe('https://b.example/ev/click?t=T');
  });
});

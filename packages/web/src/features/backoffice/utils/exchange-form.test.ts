import { EXCHANGE_ADDRESS_MESSAGE, ZExchangeCreate } from '@beacon/domain/api/exchanges';
import { describe, expect, it } from 'vitest';
import { exchangeBodyOf, exchangeFormErrors, exchangeFormValues } from './exchange-form';

describe('the exchange form', () => {
  it('sends the API’s body: no partner as null, an empty QPS limit as none, one address a line', () => {
    const values = {
      ...exchangeFormValues(null),
      name: 'Acme',
      key: ' acme ',
      auction_type: '2' as const,
      qps_limit: ' 2500 ',
      allowed_addresses: '203.0.113.0/24\n\n  192.0.2.1  \n',
    };
    const body = exchangeBodyOf(values);
    expect(body).toEqual({
      name: 'Acme',
      key: 'acme',
      partner: null,
      auction_type: 2,
      currency: 'usd',
      enabled: true,
      qps_limit: 2500,
      allowed_addresses: ['203.0.113.0/24', '192.0.2.1'],
      allow_loopback: false,
    });
    expect(ZExchangeCreate.safeParse(body).success).toBe(true);
    expect(exchangeBodyOf({ ...values, qps_limit: '' }).qps_limit).toBeNull();
    // Text that is no whole number reaches the schema as it is, which answers "Invalid format".
    expect(ZExchangeCreate.safeParse(exchangeBodyOf({ ...values, qps_limit: '1.5' })).success).toBe(false);
  });

  it('opens an exchange with its values', () => {
    expect(
      exchangeFormValues({
        id: 1,
        name: 'Demo',
        key: 'demo',
        partner: 'magnite',
        auction_type: 2,
        currency: 'eur',
        enabled: false,
        qps_limit: 10,
        allowed_addresses: ['10.0.0.0/8', '::1'],
        allow_loopback: true,
        created_at: '',
        updated_at: '',
        version: 3,
      }),
    ).toEqual({
      name: 'Demo',
      key: 'demo',
      partner: 'magnite',
      auction_type: '2',
      currency: 'eur',
      enabled: false,
      qps_limit: '10',
      allowed_addresses: '10.0.0.0/8\n::1',
      allow_loopback: true,
    });
  });

  it('puts each field’s first message on it, an address’s with its place, the rest above the form', () => {
    expect(
      exchangeFormErrors([
        { path: 'key', message: 'taken' },
        { path: 'key', message: 'second' },
        { path: 'allowed_addresses.2', message: EXCHANGE_ADDRESS_MESSAGE },
        { path: ['qps_limit'], message: 'too big' },
        { path: 'state', message: 'deleted' },
      ]),
    ).toEqual({
      key: 'taken',
      allowed_addresses: `Address 3: ${EXCHANGE_ADDRESS_MESSAGE}`,
      qps_limit: 'too big',
      form: 'deleted',
    });
  });
});

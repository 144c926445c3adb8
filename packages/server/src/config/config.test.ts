import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, mapTilesImageSource } from './config';

/** Settings from the environment (README lists them): defaults, overrides and refusals of bad values. */

describe('loadConfig', () => {
  it('has safe defaults for a local start', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 8080,
      publicUrl: 'http://127.0.0.1:8080',
      databaseUrl: undefined,
      dataDir: path.resolve('data'),
      operatorOrganizationId: 1,
      simulationGrantSeconds: 300,
      trustProxy: false,
      smtpUrl: undefined,
    });
    expect(config.password.resetTokenMinutes).toBe(60);
    expect(config.session.idleTimeoutMinutes).toBeGreaterThan(0);
  });

  it('takes PORT and HOST from the environment, and builds the public URL from them', () => {
    expect(loadConfig({ PORT: '9090', HOST: 'beacon.internal' })).toMatchObject({
      port: 9090,
      host: 'beacon.internal',
      publicUrl: 'http://beacon.internal:9090',
    });
  });

  it('does not use a wildcard listen address in the public URL', () => {
    expect(loadConfig({ HOST: '0.0.0.0' })).toMatchObject({
      host: '0.0.0.0',
      publicUrl: 'http://127.0.0.1:8080',
    });
    expect(loadConfig({ HOST: '::' }).publicUrl).toBe('http://127.0.0.1:8080');
  });

  it('prefers PUBLIC_URL, without a trailing slash', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://ads.example.com/' }).publicUrl).toBe('https://ads.example.com');
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', HOST: '', DATABASE_URL: '' })).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: undefined,
    });
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '80.5'],
    ['PORT', '-1'],
    ['OPERATOR_ORG_ID', '0'],
    ['SIMULATION_GRANT_SECONDS', '5'],
    ['SESSION_IDLE_MINUTES', '1e'],
    ['PASSWORD_RESET_MINUTES', '0'],
    ['PREPAYMENT_MULTIPLIER', '-2'],
    ['PREPAYMENT_MULTIPLIER', 'lots'],
    ['LOGIN_MAX_FAILURES_PER_ACCOUNT', '0'],
    ['LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS', 'five'],
    ['LOGIN_MAX_FAILURES_PER_ACCOUNT_ALL_ADDRESSES', '0'],
  ])('refuses %s=%s and names the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^${name} `));
    expect(() => loadConfig({ [name]: value })).toThrow(value);
  });

  it('refuses a PORT outside 0–65535 with the variable name', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
  });

  it('caps PASSWORD_RESET_MINUTES at 60', () => {
    expect(loadConfig({ PASSWORD_RESET_MINUTES: '600' }).password.resetTokenMinutes).toBe(60);
    expect(loadConfig({ PASSWORD_RESET_MINUTES: '30' }).password.resetTokenMinutes).toBe(30);
  });

  it('reads the other numeric and boolean settings', () => {
    const config = loadConfig({
      OPERATOR_ORG_ID: '7',
      SIMULATION_GRANT_SECONDS: '60',
      PREPAYMENT_MULTIPLIER: '1.5',
      TRUST_PROXY: 'true',
      DATABASE_URL: 'postgres://beacon@db/beacon',
      BEACON_DATA_DIR: '/var/lib/beacon',
    });
    expect(config).toMatchObject({
      operatorOrganizationId: 7,
      simulationGrantSeconds: 60,
      prepaymentMultiplier: 1.5,
      trustProxy: true,
      databaseUrl: 'postgres://beacon@db/beacon',
      dataDir: '/var/lib/beacon',
    });
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'no' }).trustProxy).toBe(false);
  });

  it('throttles logins per account and address, per address and per account from all addresses', () => {
    expect(loadConfig({}).login).toEqual({
      maxFailuresPerAccountAndAddress: 5,
      maxFailuresPerAddress: 30,
      maxFailuresPerAccountAllAddresses: 100,
      windowMinutes: 15,
    });
    expect(
      loadConfig({
        LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS: '3',
        LOGIN_MAX_FAILURES_PER_ADDRESS: '20',
        LOGIN_MAX_FAILURES_PER_ACCOUNT_ALL_ADDRESSES: '50',
        LOGIN_WINDOW_MINUTES: '10',
      }).login,
    ).toEqual({
      maxFailuresPerAccountAndAddress: 3,
      maxFailuresPerAddress: 20,
      maxFailuresPerAccountAllAddresses: 50,
      windowMinutes: 10,
    });
  });

  it('still reads LOGIN_MAX_FAILURES_PER_ACCOUNT, as the ceiling per account and address', () => {
    expect(loadConfig({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '4' }).login.maxFailuresPerAccountAndAddress).toBe(4);
    expect(
      loadConfig({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '4', LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS: '6' })
        .login.maxFailuresPerAccountAndAddress,
    ).toBe(6);
  });

  it('shows OpenStreetMap tiles by default, other tiles from BEACON_MAP_TILES, and none when it is "off"', () => {
    expect(loadConfig({}).mapTiles).toEqual({
      url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: '© OpenStreetMap contributors',
    });
    expect(
      loadConfig({
        BEACON_MAP_TILES: 'https://{s}.tiles.example.com/{z}/{x}/{y}@2x.png?key=k',
        BEACON_MAP_ATTRIBUTION: '© Example maps',
      }).mapTiles,
    ).toEqual({
      url: 'https://{s}.tiles.example.com/{z}/{x}/{y}@2x.png?key=k',
      attribution: '© Example maps',
    });
    expect(loadConfig({ BEACON_MAP_TILES: 'off' }).mapTiles).toBeNull();
    expect(loadConfig({ BEACON_MAP_TILES: 'OFF' }).mapTiles).toBeNull();
  });

  it('refuses a tile template that is not an http(s) URL with {z}, {x} and {y}', () => {
    for (const value of [
      'tiles.example.com/{z}/{x}/{y}.png',
      'ftp://t.example/{z}/{x}/{y}',
      'https://t.example/a.png',
    ]) {
      expect(() => loadConfig({ BEACON_MAP_TILES: value }), value).toThrow(/BEACON_MAP_TILES/);
    }
  });

  it('lets the console load the tiles: their origin as an image source, subdomains as a wildcard', () => {
    expect(mapTilesImageSource(loadConfig({}).mapTiles)).toBe('https://tile.openstreetmap.org');
    expect(
      mapTilesImageSource(
        loadConfig({ BEACON_MAP_TILES: 'https://{s}.tile.example.com:8443/{z}/{x}/{y}.png' }).mapTiles,
      ),
    ).toBe('https://*.tile.example.com:8443');
    expect(mapTilesImageSource(null)).toBeUndefined();
  });
});

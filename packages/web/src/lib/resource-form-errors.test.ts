import { GEOLIST_NAME_MAX_LENGTH, ZGeolistDuplicate } from '@beacon/domain/validation/geolist-form';
import { maxLengthMessage } from '@beacon/domain/validation/messages';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error';
import { checkWith, errorsOfApiError, fileRejectionOf, isStaleVersionError } from './resource-form-errors';

describe('checkWith', () => {
  it('answers the parsed value, or the first message of each field', () => {
    expect(checkWith(ZGeolistDuplicate, { name: ' Stores ' })).toEqual({
      ok: true,
      value: { name: 'Stores' },
    });
    expect(checkWith(ZGeolistDuplicate, { name: 'x'.repeat(GEOLIST_NAME_MAX_LENGTH + 1) })).toEqual({
      ok: false,
      errors: { name: maxLengthMessage(GEOLIST_NAME_MAX_LENGTH) },
    });
  });
});

describe('errors of an answer', () => {
  it('maps the details of a 400 to their fields', () => {
    const error = new ApiError('Invalid', {
      status: 400,
      details: [
        { path: 'name', message: 'Too long' },
        { path: 'areas.2.radius', message: 'The radius must be a number greater than 0' },
      ],
    });
    expect(errorsOfApiError(error)).toEqual({
      name: 'Too long',
      areas: 'The radius must be a number greater than 0',
    });
    expect(errorsOfApiError(new Error('x'))).toEqual({});
  });

  it('puts a message on the sub-field the form names for its path', () => {
    const error = new ApiError('Invalid', {
      status: 400,
      details: [
        { path: 'location.countries.1', message: 'Not among the campaign countries' },
        { path: 'name', message: 'Required' },
      ],
    });
    const fieldOf = (path: string) => path.split('.').slice(0, 2).join('.');
    expect(errorsOfApiError(error, fieldOf)).toEqual({
      'location.countries': 'Not among the campaign countries',
      name: 'Required',
    });
  });

  it('tells a stale version (someone else saved first) from the other conflicts', () => {
    const conflict = (code: string) => new ApiError('Conflict', { status: 409, code });
    expect(isStaleVersionError(conflict('STALE_VERSION'))).toBe(true);
    expect(isStaleVersionError(conflict('DELETED'))).toBe(false);
    expect(isStaleVersionError(new Error('STALE_VERSION'))).toBe(false);
  });

  it('keeps every bad line of a rejected file with its number', () => {
    const body = {
      message: 'Wrong areas',
      file_error: 'wrong_areas',
      details: [
        { path: 'file', message: 'Wrong areas' },
        { path: 'file', line: 3, message: 'Latitude out of range' },
        { path: 'file', line: 4, message: 'Bad radius' },
      ],
    };
    const error = new ApiError('Wrong areas', { status: 400, details: body.details, body });
    expect(fileRejectionOf(error)).toEqual({
      message: 'Wrong areas',
      lines: [
        { line: 3, message: 'Latitude out of range' },
        { line: 4, message: 'Bad radius' },
      ],
    });
    expect(
      fileRejectionOf(new ApiError('Name taken', { status: 400, body: { message: 'Name taken' } })),
    ).toBeNull();
  });
});

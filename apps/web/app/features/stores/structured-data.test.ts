import { describe, expect, it } from 'vitest';
import { jsonForScript, storeStructuredData } from './structured-data.ts';
import { holiday, LUNCH, storeDetail, week } from './test-stores.ts';

describe('storeStructuredData', () => {
  it('describes the store as a HardwareStore with address, position and telephone', () => {
    const data = storeStructuredData(storeDetail(), {
      url: 'https://example.se/butiker/goteborg',
      today: '2026-11-22',
    });
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'HardwareStore',
      name: 'Timmerkedjan Göteborg',
      url: 'https://example.se/butiker/goteborg',
      telephone: '031-42 22 14',
      email: 'goteborg@timmerkedjan.example',
      address: {
        '@type': 'PostalAddress',
        streetAddress: 'Timmervägen 15',
        postalCode: '41752',
        addressLocality: 'Göteborg',
        addressCountry: 'SE',
      },
      geo: { '@type': 'GeoCoordinates', latitude: 57.7, longitude: 11.97 },
    });
  });

  it('gives merged weekday hours, splits them around lunch and lists holidays by date', () => {
    const hours = [
      ...week([
        ['07:00', '18:00'],
        ['07:00', '18:00'],
        ['07:00', '18:00'],
        ['07:00', '18:00'],
        ['07:00', '18:00'],
        null,
        null,
      ]),
      LUNCH,
      holiday('2026-12-25', 'Juldagen', null),
    ];
    const data = storeStructuredData(storeDetail({ hours }), { url: 'x', today: '2026-11-22' });
    expect(data.openingHoursSpecification).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: [
          'https://schema.org/Monday',
          'https://schema.org/Tuesday',
          'https://schema.org/Wednesday',
          'https://schema.org/Thursday',
          'https://schema.org/Friday',
        ],
        opens: '07:00',
        closes: '12:00',
      },
      expect.objectContaining({ opens: '12:30', closes: '18:00' }),
      {
        '@type': 'OpeningHoursSpecification',
        opens: '00:00',
        closes: '00:00',
        validFrom: '2026-12-25',
        validThrough: '2026-12-25',
      },
    ]);
  });
});

describe('jsonForScript', () => {
  it('escapes < so a value cannot close the script element', () => {
    expect(jsonForScript({ name: '</script><script>alert(1)</script>' })).not.toContain('</');
  });
});

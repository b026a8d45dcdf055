import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm, useWatch } from 'react-hook-form';
import type { CreateLocationInput } from '@bayclub/shared';
import { Form } from '#/components/ui/form';
import { json, mockApi, renderInProviders, signedInAs } from '#/test/render-app';
import { makeMe } from '#/test/fixtures';
import { CoordinatePicker, PICKER_GEOLOCATION_MESSAGES } from './coordinate-picker';
import { BAY_CENTER } from './map-model';

const TILES = { urlTemplate: 'http://127.0.0.1:4100/{z}/{x}/{y}.png', attribution: '© Test tiles' };
const LOAD = { timeout: 5000 };
const MAP_NAME = /Map to place the pin/;

/** The picker in a form, with the form's latitude and longitude printed where the test can read them. */
function Harness({ initial }: { initial: { latitude: number | null; longitude: number | null } }) {
  const form = useForm<CreateLocationInput>({ defaultValues: { name: '', ...initial } as CreateLocationInput });
  const [latitude, longitude] = useWatch({ control: form.control, name: ['latitude', 'longitude'] });
  return (
    <Form {...form}>
      <CoordinatePicker fallback={<p>Typed coordinates</p>} />
      <output data-testid="values">{JSON.stringify({ latitude, longitude })}</output>
    </Form>
  );
}

function open(tiles: typeof TILES | null = TILES, initial = { latitude: null as number | null, longitude: null as number | null }) {
  mockApi({ ...signedInAs(makeMe()), 'GET /api/locations/map-tiles': () => json({ tiles }) });
  renderInProviders(<Harness initial={initial} />);
  return userEvent.setup();
}
const values = () => JSON.parse(screen.getByTestId('values').textContent!) as { latitude: number | null; longitude: number | null };
const geolocation = (impl: (ok: PositionCallback, fail: PositionErrorCallback) => void) =>
  Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition: impl }, configurable: true });

afterEach(() => Object.defineProperty(navigator, 'geolocation', { value: undefined, configurable: true }));

describe('the coordinate picker', () => {
  it('sets latitude and longitude where the map is tapped, shows and announces them, and can remove the pin', async () => {
    const user = open();
    const map = await screen.findByRole('region', { name: MAP_NAME }, LOAD);
    expect(screen.getByText('No position yet.')).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByText('© Test tiles')).toBeInTheDocument();
    // Tiles come from the configured source.
    await waitFor(() => expect(map.querySelector('img.leaflet-tile')?.getAttribute('src')).toMatch(/^http:\/\/127\.0\.0\.1:4100\/10\/\d+\/\d+\.png$/));

    fireEvent.click(map, { clientX: 120, clientY: 40 });
    await waitFor(() => expect(values().latitude).not.toBeNull());
    const { latitude, longitude } = values();
    // Below and right of the centre (the map has no size in jsdom: its centre is at 0,0; screen y grows southwards).
    expect(latitude!).toBeLessThan(BAY_CENTER.lat);
    expect(longitude!).toBeGreaterThan(BAY_CENTER.lng);
    expect(String(latitude).split('.')[1]!.length).toBeLessThanOrEqual(6);
    expect(screen.getByText(/^Pin at \d+\.\d{5}° N, \d+\.\d{5}° W$/)).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByRole('button', { name: /^Pin at .* Arrow keys move it\.$/ })).toHaveAttribute('tabindex', '0');

    await user.click(screen.getByRole('button', { name: 'Remove the pin' }));
    expect(values()).toEqual({ latitude: null, longitude: null });
    expect(screen.getByText('No position yet.')).toBeInTheDocument();
  });

  it('is keyboard-operable: Enter on the map drops the pin at its centre, arrow keys on the pin move it', async () => {
    open();
    const map = await screen.findByRole('region', { name: MAP_NAME }, LOAD);
    expect(map).toHaveAttribute('tabindex', '0');
    act(() => map.focus());
    fireEvent.keyDown(map, { key: 'Enter' });
    await waitFor(() => expect(values()).toEqual({ latitude: BAY_CENTER.lat, longitude: BAY_CENTER.lng }));
    const pin = screen.getByRole('button', { name: /^Pin at 27\.85000° N, 82\.55000° W/ });
    act(() => pin.focus());
    fireEvent.keyDown(pin, { key: 'ArrowRight' });
    await waitFor(() => expect(values().longitude!).toBeGreaterThan(BAY_CENTER.lng));
    expect(values().latitude).toBeCloseTo(BAY_CENTER.lat, 4);
    // The focused pin is the same element, named by where it is now.
    expect(pin).toHaveFocus();
    expect(pin).not.toHaveAccessibleName(/82\.55000° W/);
    expect(pin).toHaveAccessibleName(/^Pin at 27\.85000° N, 82\.53\d{3}° W\. Arrow keys move it\.$/);
    fireEvent.keyDown(screen.getByRole('button', { name: /^Pin at/ }), { key: 'ArrowDown', shiftKey: true });
    await waitFor(() => expect(values().latitude!).toBeLessThan(BAY_CENTER.lat));
  });

  it('"Use my position" sets the device position, rounded to 6 decimals', async () => {
    geolocation((ok) => ok({ coords: { latitude: 27.96151234, longitude: -82.4441999, accuracy: 5 } } as GeolocationPosition));
    const user = open();
    await screen.findByRole('region', { name: MAP_NAME }, LOAD);
    await user.click(screen.getByRole('button', { name: 'Use my position' }));
    expect(values()).toEqual({ latitude: 27.961512, longitude: -82.4442 });
    expect(screen.getByText('Pin at 27.96151° N, 82.44420° W')).toBeInTheDocument();
  });

  it('says why "Use my position" failed and what to do instead', async () => {
    const codes = { denied: 1, unavailable: 2, timeout: 3 } as const;
    let code: number = codes.denied;
    geolocation((_ok, fail) => fail({ code, message: '' } as GeolocationPositionError));
    const user = open();
    await screen.findByRole('region', { name: MAP_NAME }, LOAD);
    for (const [kind, value] of Object.entries(codes)) {
      code = value;
      await user.click(screen.getByRole('button', { name: 'Use my position' }));
      expect(screen.getByRole('alert')).toHaveTextContent(PICKER_GEOLOCATION_MESSAGES[kind as keyof typeof codes]);
    }
    expect(PICKER_GEOLOCATION_MESSAGES.denied).toMatch(/denied.*tap the map/);
    expect(values()).toEqual({ latitude: null, longitude: null });
  });

  it('shows an existing place where it is; without tiles (maps off) the typed fields are used', async () => {
    open(TILES, { latitude: 27.7734, longitude: -82.6226 });
    expect(await screen.findByRole('button', { name: /^Pin at 27\.77340° N, 82\.62260° W/ }, LOAD)).toBeInTheDocument();
  });

  it('stays where the member panned it when the form re-renders (it follows the pin only when the pin moves)', async () => {
    geolocation((_ok, fail) => fail({ code: 1, message: '' } as GeolocationPositionError));
    const user = open(TILES, { latitude: 27.7734, longitude: -82.6226 });
    const map = await screen.findByRole('region', { name: MAP_NAME }, LOAD);
    const pin = await screen.findByRole('button', { name: /^Pin at 27\.77340° N/ }, LOAD);
    // Where Leaflet draws the pin in the map (left and top in jsdom, which has no 3D transforms).
    const drawn = () => `${pin.style.left} ${pin.style.top}`;
    const drawnAt = drawn();
    // Leaflet's keyboard pans the focused map (keyCode 39: ArrowRight); the pin is drawn further left.
    act(() => map.focus());
    fireEvent.keyDown(map, { key: 'ArrowRight', keyCode: 39 });
    await waitFor(() => expect(drawn()).not.toBe(drawnAt));
    const pannedAt = drawn();
    // Anything that re-renders the picker (here a refused "Use my position") leaves the view alone.
    await user.click(screen.getByRole('button', { name: 'Use my position' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PICKER_GEOLOCATION_MESSAGES.denied);
    expect(drawn()).toBe(pannedAt);
  });

  it('falls back to typed coordinates when the server has maps off', async () => {
    open(null);
    expect(await screen.findByText('Typed coordinates', {}, LOAD)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: MAP_NAME })).toBeNull();
  });
});

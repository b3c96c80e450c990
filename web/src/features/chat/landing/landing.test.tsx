import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Landing } from './landing';

const setClock = (hours: number, minutes = 0) => vi.setSystemTime(new Date(2025, 5, 15, hours, minutes));
const heading = () => screen.getByRole('heading', { level: 1 });

describe('Landing', () => {
  beforeEach(() => {
    // Only the clock: nothing here waits on timers.
    vi.useFakeTimers({ toFake: ['Date'] });
    setClock(9, 30);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('greets by time of day with the name after a comma, as the landmark of the page', () => {
    render(<Landing userName="Ada" />);
    expect(heading()).toHaveTextContent(/^Good morning, Ada$/);
    expect(screen.getByRole('region', { name: 'Good morning, Ada' })).toBeInTheDocument();
  });

  it('says late night until 4:59 and morning from 5:00', () => {
    setClock(4, 59);
    const { unmount } = render(<Landing userName="Ada" />);
    expect(heading()).toHaveTextContent(/^Good late night, Ada$/);
    unmount();
    setClock(5, 0);
    render(<Landing userName="Ada" />);
    expect(heading()).toHaveTextContent(/^Good morning, Ada$/);
  });

  it.each([
    [12, 0, 'Good afternoon'],
    [17, 0, 'Good evening'],
  ])('at %i:%i says %s', (hours, minutes, greeting) => {
    setClock(hours, minutes);
    render(<Landing userName="Ada" />);
    expect(heading()).toHaveTextContent(`${greeting}, Ada`);
  });

  it('greets without a comma when the name is unknown', () => {
    render(<Landing />);
    expect(heading()).toHaveTextContent(/^Good morning$/);
  });

  it('shows the custom welcome with the name filled in, and no time-of-day greeting', () => {
    render(<Landing userName="Ada" customWelcome="Welcome back, {{user.name}}!" />);
    expect(heading()).toHaveTextContent(/^Welcome back, Ada!$/);
  });

  it('shows a custom welcome without placeholder as written, the name not appended', () => {
    render(<Landing userName="Ada" customWelcome="Ask me anything" />);
    expect(heading()).toHaveTextContent(/^Ask me anything$/);
  });

  it('falls back to the time-of-day greeting when the custom welcome renders empty', () => {
    render(<Landing customWelcome="{{user.name}}" />);
    expect(heading()).toHaveTextContent(/^Good morning$/);
  });

  it("replaces the welcome with an agent's name and description, its avatar unnamed", () => {
    const { container } = render(
      <Landing
        userName="Ada"
        customWelcome="Welcome!"
        endpoint={{ type: 'agents', iconURL: '/icons/agents.svg' }}
        endpointLabel="Agents"
        agentOrAssistant={{
          name: 'Research helper',
          description: 'Finds sources.',
          greeting: 'Hello!',
          avatarUrl: '/avatars/r.png',
        }}
      />,
    );
    expect(heading()).toHaveTextContent(/^Research helper$/);
    expect(screen.getByText('Finds sources.')).toBeInTheDocument();
    expect(screen.queryByText('Hello!')).not.toBeInTheDocument();
    const avatar = container.querySelector('img');
    expect(avatar).toHaveAttribute('src', '/avatars/r.png');
    expect(avatar).toHaveAttribute('alt', '');
  });

  it("shows an assistant's greeting when it has no description", () => {
    render(<Landing agentOrAssistant={{ name: 'Tutor', description: ' ', greeting: 'Ask about maths.' }} />);
    expect(heading()).toHaveTextContent(/^Tutor$/);
    expect(screen.getByText('Ask about maths.')).toBeInTheDocument();
  });

  it('keeps the default greeting for an agent without a name', () => {
    render(<Landing userName="Ada" agentOrAssistant={{ name: '  ', description: 'Unnamed agent' }} />);
    expect(heading()).toHaveTextContent(/^Good morning, Ada$/);
  });

  it("shows the endpoint's configured icon named after the endpoint, and its mark if the image fails to load", () => {
    render(<Landing endpoint={{ type: 'custom', iconURL: '/icons/broken.svg' }} endpointLabel="Local" />);
    const icon = screen.getByRole('img', { name: 'Local' });
    expect(icon.tagName).toBe('IMG');
    fireEvent.error(icon);
    const glyph = screen.getByRole('img', { name: 'Local' });
    expect(glyph.tagName.toLowerCase()).toBe('svg');
  });

  it("shows a built-in endpoint's provider mark, as the pickers do", () => {
    render(<Landing endpoint={{ type: 'anthropic' }} endpointLabel="Anthropic" />);
    const mark = screen.getByRole('img', { name: 'Anthropic' });
    expect(mark.tagName.toLowerCase()).toBe('svg');
    expect(mark).toHaveAttribute('data-mark', 'anthropic');
  });

  it('shows the birthday cake only when the server asks for it', () => {
    const { rerender } = render(<Landing />);
    expect(screen.queryByRole('img', { name: 'Happy birthday!' })).not.toBeInTheDocument();
    rerender(<Landing showBirthdayIcon />);
    expect(screen.getByRole('img', { name: 'Happy birthday!' })).toBeInTheDocument();
  });

  it('shows what the page puts under the welcome (the prompt cards)', () => {
    render(
      <Landing>
        <p>cards</p>
      </Landing>,
    );
    expect(screen.getByRole('region')).toHaveTextContent('cards');
  });
});

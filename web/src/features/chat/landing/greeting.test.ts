import { describe, expect, it } from 'vitest';
import { greetingWithName, renderWelcome, timeOfDayGreeting } from './greeting';

// Local clock times: the greeting follows the user's own hour, whatever the test machine's zone.
const at = (hours: number, minutes: number) => new Date(2025, 5, 15, hours, minutes);

describe('timeOfDayGreeting', () => {
  it.each([
    [0, 0, 'com_ui_late_night'],
    [4, 59, 'com_ui_late_night'],
    [5, 0, 'com_ui_good_morning'],
    [5, 59, 'com_ui_good_morning'],
    [6, 0, 'com_ui_good_morning'],
    [11, 59, 'com_ui_good_morning'],
    [12, 0, 'com_ui_good_afternoon'],
    [16, 59, 'com_ui_good_afternoon'],
    [17, 0, 'com_ui_good_evening'],
    [23, 59, 'com_ui_good_evening'],
  ])('at %i:%i greets with %s', (hours, minutes, key) => {
    expect(timeOfDayGreeting(at(hours, minutes))).toBe(key);
  });
});

describe('renderWelcome', () => {
  it('puts the name in place of every {{user.name}}', () => {
    expect(renderWelcome('Hi {{user.name}}! Ready, {{user.name}}?', { name: 'Ada' })).toBe('Hi Ada! Ready, Ada?');
  });

  it('accepts spaces inside the braces', () => {
    expect(renderWelcome('Hello {{ user.name }}', { name: 'Ada' })).toBe('Hello Ada');
  });

  it('inserts a name with replacement patterns in it as written', () => {
    expect(renderWelcome('Hi {{user.name}}', { name: "$& $1 $' $`" })).toBe("Hi $& $1 $' $`");
  });

  it('leaves a welcome without the placeholder, and other placeholders, untouched', () => {
    expect(renderWelcome('Welcome to {{app}}, friend', { name: 'Ada' })).toBe('Welcome to {{app}}, friend');
  });

  it.each([
    ['Welcome, {{user.name}}!', 'Welcome!'],
    ['Welcome {{user.name}}', 'Welcome'],
    ['Hi {{user.name}}, how are you?', 'Hi, how are you?'],
    ['{{user.name}}, welcome back', 'welcome back'],
    ['{{user.name}}', ''],
  ])('without a name drops the placeholder and its separator: %j → %j', (template, expected) => {
    expect(renderWelcome(template, { name: '' })).toBe(expected);
    expect(renderWelcome(template, { name: '   ' })).toBe(expected);
    expect(renderWelcome(template, null)).toBe(expected);
  });
});

describe('greetingWithName', () => {
  it('appends the name after a comma', () => {
    expect(greetingWithName('Good morning', 'Ada')).toBe('Good morning, Ada');
  });

  it('adds nothing for a missing or blank name', () => {
    expect(greetingWithName('Good morning', undefined)).toBe('Good morning');
    expect(greetingWithName('Good morning', '  ')).toBe('Good morning');
  });
});

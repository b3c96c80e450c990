/**
 * jsdom has no layout. This gives the message feed just enough of one for the virtualiser:
 * a viewport of `viewportPx`, rows of `rowPx`, a scroll height that follows the rows' total,
 * and a scrollTo that moves scrollTop at once and fires `scroll` a moment later, as browsers do.
 * Returns the function that puts everything back.
 */
export function mockFeedLayout({ viewportPx = 600, rowPx = 100 } = {}) {
  const isFeed = (element: Element) => element.getAttribute('role') === 'feed';
  const contentHeight = (feed: Element) => {
    const inner = feed.firstElementChild;
    const height = inner instanceof HTMLElement ? Number.parseFloat(inner.style.height) || 0 : 0;
    return height + 24;
  };
  const scrollCalls: { top: number; behavior: ScrollBehavior | undefined }[] = [];

  const overrides: [string, PropertyDescriptor][] = [
    [
      'clientHeight',
      {
        get(this: HTMLElement) {
          return isFeed(this) ? viewportPx : 0;
        },
      },
    ],
    [
      'clientWidth',
      {
        get(this: HTMLElement) {
          return isFeed(this) ? 800 : 0;
        },
      },
    ],
    [
      'offsetHeight',
      {
        get(this: HTMLElement) {
          return this.hasAttribute('data-index') ? rowPx : 0;
        },
      },
    ],
    [
      'scrollHeight',
      {
        get(this: HTMLElement) {
          return isFeed(this) ? contentHeight(this) : 0;
        },
      },
    ],
    [
      'scrollTo',
      {
        value(this: HTMLElement, options?: ScrollToOptions) {
          const top = options?.top ?? this.scrollTop;
          scrollCalls.push({ top, behavior: options?.behavior });
          const max = Math.max(this.scrollHeight - this.clientHeight, 0);
          this.scrollTop = Math.min(Math.max(top, 0), max);
          void Promise.resolve().then(() => this.dispatchEvent(new Event('scroll')));
        },
      },
    ],
  ];
  const previous = overrides.map(
    ([name]) => [name, Object.getOwnPropertyDescriptor(HTMLElement.prototype, name)] as const,
  );
  for (const [name, descriptor] of overrides)
    Object.defineProperty(HTMLElement.prototype, name, { configurable: true, ...descriptor });

  return {
    scrollCalls,
    restore() {
      for (const [name, descriptor] of previous) {
        if (descriptor) Object.defineProperty(HTMLElement.prototype, name, descriptor);
        else delete (HTMLElement.prototype as unknown as Record<string, unknown>)[name];
      }
    },
  };
}

/** A controllable IntersectionObserver: `report(ratio)` delivers an entry to every observer. */
export function mockIntersectionObserver() {
  const observers: {
    callback: IntersectionObserverCallback;
    options: IntersectionObserverInit | undefined;
    targets: Element[];
    instance: IntersectionObserver;
  }[] = [];
  class FakeIntersectionObserver implements IntersectionObserver {
    readonly root = null;
    readonly rootMargin = '';
    readonly thresholds: number[] = [];
    private readonly record: (typeof observers)[number];
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      this.record = { callback, options, targets: [], instance: this };
      observers.push(this.record);
    }
    observe(target: Element) {
      this.record.targets.push(target);
    }
    unobserve() {}
    disconnect() {
      observers.splice(observers.indexOf(this.record), 1);
    }
    takeRecords(): IntersectionObserverEntry[] {
      return [];
    }
  }
  return {
    FakeIntersectionObserver,
    observers,
    report(intersectionRatio: number) {
      for (const observer of [...observers]) {
        const entries = observer.targets.map(
          (target) =>
            ({ target, intersectionRatio, isIntersecting: intersectionRatio > 0 }) as IntersectionObserverEntry,
        );
        observer.callback(entries, observer.instance);
      }
    },
  };
}

// What the logger did since a page mounted, newest first: each entry with its delivery state, and
// the entries the threshold dropped. The developer pages show it so people can see what happened.
import { useEffect, useState } from 'react';
import { logMessageText } from '#shared/client-log';
import type { LogSeverity } from '#shared/client-log-limits';
import { appLogger } from './app-logger';
import type { DeliveryOutcome } from './log-transport';
import type { LoggerEvent } from './logger';

export interface LogActivity {
  key: string;
  severity: LogSeverity;
  text: string;
  group: string | undefined;
  status: 'pending' | DeliveryOutcome | 'below-threshold';
  /** For a throttling summary: how many repeats it stands for. */
  repeats: number;
  /** Local id of a logged entry, to match delivery reports. */
  id?: number;
}

const KEPT = 50;
let belowThresholdCount = 0;

export function applyLoggerEvent(activity: LogActivity[], event: LoggerEvent): LogActivity[] {
  switch (event.type) {
    case 'logged': {
      const { record } = event;
      const { metadata, message } = record.entry.logObject;
      const item: LogActivity = {
        key: `entry-${record.id}`,
        id: record.id,
        severity: metadata.severity,
        text: logMessageText(message),
        group: metadata.group,
        status: 'pending',
        repeats: record.repeats,
      };
      return [item, ...activity].slice(0, KEPT);
    }
    case 'below-threshold': {
      belowThresholdCount += 1;
      const item: LogActivity = {
        key: `below-${belowThresholdCount}`,
        severity: event.severity,
        text: logMessageText(event.message),
        group: undefined,
        status: 'below-threshold',
        repeats: 0,
      };
      return [item, ...activity].slice(0, KEPT);
    }
    case 'delivery': {
      const ids = new Set(event.ids);
      return activity.map((item) =>
        item.id !== undefined && ids.has(item.id) ? { ...item, status: event.outcome } : item,
      );
    }
  }
}

export function useLogActivity(): LogActivity[] {
  const [activity, setActivity] = useState<LogActivity[]>([]);
  useEffect(
    () => appLogger.subscribe((event) => setActivity((current) => applyLoggerEvent(current, event))),
    [],
  );
  return activity;
}

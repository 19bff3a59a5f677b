import type { InspectionItem } from '@steelport/contracts';
import { Tag } from 'antd';

const STATUS_COLOR: Record<string, string> = {
  requested: 'blue',
  accepted: 'blue',
  in_progress: 'orange',
  done: 'green',
  cancelled: 'default',
};

/** The status as a tag: 待受理, 验货中, 已完成, 已取消 (the history's rows and the trace). */
export function StatusTag({ item }: { item: Pick<InspectionItem, 'status' | 'statusText'> }) {
  return <Tag color={STATUS_COLOR[item.status]}>{item.statusText}</Tag>;
}

import { Button, Group } from '@mantine/core';

type Props = {
  /** what moves, for the accessible name: "Frage „Anzahl der Kinder“" */
  name: string;
  uid: string;
  index: number;
  count: number;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
  removeLabel: string;
};

/** "Nach oben" / "Nach unten" / remove: plain buttons, so reordering works with the keyboard alone */
export function MoveButtons({ name, uid, index, count, onMove, onRemove, removeLabel }: Props) {
  return (
    <Group gap={4}>
      <Button
        size="compact-sm"
        variant="default"
        disabled={index === 0}
        data-move={`${uid}-up`}
        aria-label={`Nach oben: ${name}`}
        onClick={() => onMove(-1)}
      >
        Nach oben
      </Button>
      <Button
        size="compact-sm"
        variant="default"
        disabled={index === count - 1}
        data-move={`${uid}-down`}
        aria-label={`Nach unten: ${name}`}
        onClick={() => onMove(1)}
      >
        Nach unten
      </Button>
      <Button size="compact-sm" variant="subtle" color="red" aria-label={`${removeLabel}: ${name}`} onClick={onRemove}>
        {removeLabel}
      </Button>
    </Group>
  );
}

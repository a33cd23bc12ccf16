import { useState } from 'react';
import { Button, Card, Link, Space, Typography } from '@arco-design/web-react';
import { IconStar, IconStarFill } from '@arco-design/web-react/icon';
import { type OpenRepoRow, OrderItemType, yuanToFen } from '@exam/contracts';
import { BuyButton, ImageBox, PriceTag, useBought } from '@exam/ui';
import { useRepoBuyMutation, useRepoJoinMutation } from '../train/trainApi';

/**
 * An open bank: cover (default cover when none), price and points or free, category, question count, and the join
 * toggle; a priced bank not bought yet offers 购买 instead (paid, the bank is joined).
 */
export function OpenRepoCard({ repo, onOpen }: { repo: OpenRepoRow; onOpen: () => void }) {
  const [joined, setJoined] = useState(repo.hasJoin);
  const [join] = useRepoJoinMutation();
  const [buy] = useRepoBuyMutation();
  const priced = repo.price > 0;
  const bought = useBought(OrderItemType.REPO, priced);
  const toggle = async () => setJoined((await join({ id: repo.id }).unwrap()).hasJoin);
  return (
    <Card
      hoverable
      title={<Link onClick={onOpen}>{repo.title}</Link>}
      extra={<PriceTag price={repo.price} points={repo.points} />}
    >
      <Space style={{ width: '100%', justifyContent: 'space-between' }}>
        {/* Narrower on a phone, so the category and the question count keep their width (17 broke into 1 / 7 at 390 px). */}
        <div style={{ width: 'min(120px, 25vw)', cursor: 'pointer' }} onClick={onOpen}>
          <ImageBox src={repo.cover} alt={repo.title} kind="repo" style={{ borderRadius: 4 }} />
        </div>
        <Space direction="vertical" size={4} style={{ flex: 1 }}>
          <Typography.Text type="secondary">分类：{repo.catId_dictText || '-'}</Typography.Text>
          <Typography.Text type="secondary">试题数量：{repo.quCount}</Typography.Text>
        </Space>
        {priced && !joined && !bought(repo.id) ? (
          <BuyButton
            fen={yuanToFen(repo.price)}
            points={repo.points}
            buy={() => buy({ id: repo.id }).unwrap()}
            onPaid={() => setJoined(true)}
          />
        ) : (
          <Button
            aria-label={joined ? '取消加入' : '加入题库'}
            icon={joined ? <IconStarFill style={{ color: '#ff7d00' }} /> : <IconStar />}
            onClick={toggle}
          >
            {joined ? '已加入' : '加入'}
          </Button>
        )}
      </Space>
    </Card>
  );
}

import { Button, Form, Input } from 'antd';
import { gamesOperatorCalls } from '@nebula/protocol/venue/games/games-operator';
import { useState } from 'react';
import { Panel } from '../../components/panel';
import { zodRule } from '../../components/zod-rule';
import { AnswerDescriptions } from './venue-labels';
import { useVenueWrite } from './venue-write';

const ROUND_SCHEMA = gamesOperatorCalls.voidRound.request;

/**
 * 期号查询 and 作废期号: a round's verification data (its chain position, and the seed and
 * outcome once revealed), and the void that refunds its bets, which always waits for a second
 * operator (9602, four eyes).
 */
export function GameRoundPanel({ gameCode }: { gameCode: string }) {
  const round = useVenueWrite('houseVenueGameRound', null);
  const voidRound = useVenueWrite('houseVenueGameRoundVoid', '期号已作废');
  const [roundNo, setRoundNo] = useState<string | null>(null);
  return (
    <Panel title={`期号（${gameCode}）`}>
      <Form<{ roundNo: string }>
        name="hv-round"
        layout="inline"
        onFinish={(v) => {
          setRoundNo(v.roundNo);
          round.send({ gameCode, roundNo: v.roundNo });
        }}
      >
        <Form.Item
          name="roundNo"
          label="期号"
          rules={[zodRule(ROUND_SCHEMA, 'roundNo', '期号为数字')]}
        >
          <Input style={{ width: 200 }} />
        </Form.Item>
        <Button htmlType="submit" loading={round.busy}>
          查询期号
        </Button>
      </Form>
      {round.extras}
      {round.data !== undefined && <AnswerDescriptions title="期号详情" answer={round.data} />}
      {roundNo && (
        <Form<{ reason: string }>
          name="hv-round-void"
          layout="inline"
          style={{ marginTop: 16 }}
          onFinish={(v) =>
            voidRound.send({ gameCode, roundNo, reason: v.reason }, () =>
              round.send({ gameCode, roundNo }),
            )
          }
        >
          <Form.Item
            name="reason"
            label="期号作废原因"
            rules={[zodRule(ROUND_SCHEMA, 'reason', '请填写原因（2–200 字）')]}
          >
            <Input style={{ width: 240 }} />
          </Form.Item>
          <Button danger htmlType="submit" loading={voidRound.busy}>
            作废第 {roundNo} 期
          </Button>
        </Form>
      )}
      {voidRound.extras}
    </Panel>
  );
}

import { Button, Form, Input, Select } from 'antd';
import { gamesOperatorCalls } from '@nebula/protocol/venue/games/games-operator';
import { errorText } from '../../api/api-error';
import { Panel } from '../../components/panel';
import { zodRule } from '../../components/zod-rule';
import { SelectFilter, statusOptions, TextFilter } from './list-filters';
import { AnswerDescriptions, fieldText } from './venue-labels';
import { VenueList } from './venue-list';
import { useVenueWrite } from './venue-write';

const STATUS_SCHEMA = gamesOperatorCalls.setGameStatus.request;
/** The house venue's game families as the member site names them. */
const FAMILIES: Record<string, string> = { CP: '彩票', ZR: '真人', DZ: '电子' };

/**
 * 游戏列表: the venue's games by status and a part of the code or name, paged by the venue and
 * exportable, each with the rounds its published chain has left and a button to publish the
 * next chain. The 开关游戏 form below picks from every game (`games`, the unpaged read), not
 * only the page shown.
 */
export function GameListPanel({
  games,
  error,
}: {
  games: { gameCode: string; name: string }[];
  error: Error | null;
}) {
  const publish = useVenueWrite('houseVenueGameChainPublish', '新种子链已发布');
  const status = useVenueWrite('houseVenueGameStatus', '游戏状态已更新');
  return (
    <Panel title="游戏列表">
      <VenueList
        route="houseVenueGameCatalogList"
        name="hv-game-list"
        fileName="house-venue-games.csv"
        rowKey={(g) => g.gameCode}
        fields={
          <>
            <TextFilter name="q" label="游戏代码或名称" />
            <SelectFilter
              name="status"
              label="游戏状态"
              options={statusOptions(['open', 'closed'])}
            />
          </>
        }
        columns={[
          { title: '游戏代码', dataIndex: 'gameCode' },
          { title: '名称', dataIndex: 'name' },
          { title: '类别', dataIndex: 'family', render: (f: string) => FAMILIES[f] ?? f },
          { title: '状态', dataIndex: 'status', render: (s: string) => fieldText('status', s) },
          { title: '剩余期数', dataIndex: 'roundsLeft' },
          {
            title: '操作',
            key: 'publish',
            render: (_: unknown, g) => (
              <Button
                size="small"
                loading={publish.busy}
                onClick={() => publish.send({ gameCode: g.gameCode })}
              >
                发布新种子链
              </Button>
            ),
          },
        ]}
      />
      {publish.data !== undefined && (
        <AnswerDescriptions title="已发布的种子链承诺" answer={publish.data} />
      )}
      {publish.extras}
      {error && <p>{errorText(error)}</p>}
      <Form<{ gameCode: string; status: 'open' | 'closed'; reason: string }>
        name="hv-game-status"
        layout="inline"
        style={{ marginTop: 16 }}
        initialValues={{ status: 'closed' }}
        onFinish={(v) => status.send({ gameCode: v.gameCode, status: v.status, reason: v.reason })}
      >
        <Form.Item
          name="gameCode"
          label="开关游戏"
          rules={[zodRule(STATUS_SCHEMA, 'gameCode', '请选择游戏')]}
        >
          <Select
            style={{ width: 160 }}
            options={games.map((g) => ({ value: g.gameCode, label: `${g.name}（${g.gameCode}）` }))}
          />
        </Form.Item>
        <Form.Item name="status" label="设为">
          <Select
            style={{ width: 100 }}
            options={[
              { value: 'open', label: '开启' },
              { value: 'closed', label: '关闭' },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="reason"
          label="开关原因"
          rules={[zodRule(STATUS_SCHEMA, 'reason', '请填写原因（2–200 字）')]}
        >
          <Input style={{ width: 220 }} />
        </Form.Item>
        <Button htmlType="submit" loading={status.busy}>
          提交
        </Button>
      </Form>
      {status.data !== undefined && <AnswerDescriptions title="场馆答复" answer={status.data} />}
      {status.extras}
    </Panel>
  );
}

/** Dictionaries the spec names, with their values (code → title). */
export const DICTS: { code: string; title: string; values: [string, string][] }[] = [
  {
    code: 'course_catalog',
    title: '课程分类',
    values: [
      ['tech', '专业技术'],
      ['safety', '安全生产'],
      ['manage', '管理能力'],
    ],
  },
  {
    code: 'repo_catalog',
    title: '题库分类',
    values: [
      ['tech', '专业技术'],
      ['safety', '安全生产'],
      ['common', '通用知识'],
    ],
  },
  {
    code: 'paper_ex_state',
    title: '考卷状态',
    values: [
      ['0', '正常'],
      ['1', '作弊'],
      ['2', '违规'],
      ['3', '缺考'],
    ],
  },
  {
    code: 'qcloud_face_endpoints',
    title: '腾讯云人脸节点',
    values: [
      ['ap-beijing', '华北地区(北京)'],
      ['ap-shanghai', '华东地区(上海)'],
      ['ap-guangzhou', '华南地区(广州)'],
    ],
  },
  {
    code: 'qu_type',
    title: '试题类型',
    values: [
      ['1', '单选'],
      ['2', '多选'],
      ['3', '判断'],
      ['4', '简答'],
      ['5', '填空'],
      ['6', '连线'],
      ['26', '量表'],
      ['27', '单选评分'],
      ['28', '多选评分'],
      ['99', '组合'],
    ],
  },
  {
    code: 'qu_level',
    title: '难度等级',
    values: [
      ['1', '普通'],
      ['2', '较难'],
    ],
  },
  {
    code: 'exam_type',
    title: '考试类型',
    values: [
      ['1', '正式考试'],
      ['2', '模拟考试'],
      ['3', '补考'],
    ],
  },
  {
    code: 'exam_open_type',
    title: '考试权限',
    values: [
      ['1', '完全公开'],
      ['2', '指定部门'],
      ['3', '指定人员'],
      ['9', '需要密码'],
    ],
  },
  {
    code: 'paper_state',
    title: '试卷状态',
    values: [
      ['0', '考试中'],
      ['1', '待阅卷'],
      ['2', '已考完'],
      ['3', '已弃考'],
    ],
  },
  {
    code: 'train_mode',
    title: '训练模式',
    values: [
      ['sequence', '顺序练习'],
      ['random', '随机练习'],
      ['type', '题型练习'],
      ['wrong', '错题练习'],
      ['repo_rem', '背题模式'],
    ],
  },
  {
    code: 'user_state',
    title: '用户状态',
    values: [
      ['0', '正常'],
      ['1', '禁用'],
      ['2', '待审核'],
    ],
  },
  {
    code: 'login_type',
    title: '登录方式',
    values: [
      ['mobile', '手机号'],
      ['wechat', '微信'],
      ['crop', '企业微信'],
      ['ding', '钉钉'],
    ],
  },
  {
    code: 'file_type',
    title: '课件类型',
    values: [
      ['11', '视频'],
      ['22', '文档'],
      ['33', '直播'],
    ],
  },
];
